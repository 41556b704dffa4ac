// The service worker: registered once the app is ready (so its install takes the files this
// page already fetched instead of downloading them again), and updated only between starts.
// A new version installs beside the running one and waits; the page offers "reload", and a start
// with no other tab open takes it before the old version runs (sw.js). One version is in use.
const sw = "serviceWorker" in navigator ? navigator.serviceWorker : null;

const swapped = () =>
  new Promise((resolve) => sw.addEventListener("controllerchange", resolve, { once: true }));

// After ready: register, and tell the app (a Python App proxy) when a new version waits.
export async function registerWorker(app) {
  if (!sw) return;
  let registration;
  try {
    registration = await sw.register("./sw.js");
  } catch (err) {
    console.warn("service worker not registered:", err);
    return;
  }
  if (!registration) return; // service workers blocked (a test's context, a policy)
  // Active means installed with every file cached: the next start works offline, even though
  // this page (started before the worker) is not controlled by it until a reload.
  sw.ready.then(() => app.worker_ready());
  const offer = () => {
    if (registration.waiting && sw.controller) app.offer_update();
  };
  const watch = (worker) => {
    let installed = false;
    worker?.addEventListener("statechange", () => {
      if (worker.state === "installed") {
        installed = true;
        offer();
      }
      // A failed install (a file missing or not matching its hash) keeps the running version.
      if (worker.state === "redundant" && !installed) console.warn("Rulekeeper: update failed");
    });
  };
  offer();
  watch(registration.installing);
  registration.addEventListener("updatefound", () => watch(registration.installing));
  // The banner's "Reload": switch to the waiting version, then reload into it.
  window.addEventListener("rulekeeper:update", () => {
    if (!registration.waiting) {
      location.reload();
      return;
    }
    swapped().then(() => location.reload());
    registration.waiting.postMessage({ type: "take" });
  });
}
