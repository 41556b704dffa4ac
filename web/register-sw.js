// The service worker: registered once the app is ready (so its install takes the files this
// page already fetched instead of downloading them again), and updated only between starts.
// A new version installs beside the running one and waits; the page offers "reload", and a start
// with no other tab open takes it before the old version boots (startWaitingVersion). One
// version is in use: the banner's Reload in one tab reloads the others into the new version.
const sw = "serviceWorker" in navigator ? navigator.serviceWorker : null;

const swapped = () =>
  new Promise((resolve) => sw.addEventListener("controllerchange", resolve, { once: true }));

// Before the app boots: a new version waiting is taken when this is the only tab (the waiting
// worker counts the tabs: sw.js). Resolves true when the page reloads into it (boot stops).
// A page of the old version never boots once a newer worker is taking over: its cache goes.
// Every wait is bounded: a worker that does not answer leaves this version to boot.
const ASK_MS = 3000;

function ask(worker) {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = ({ data }) => resolve(Boolean(data?.taken));
    setTimeout(() => resolve(false), ASK_MS); // no answer (a worker too busy to start): boot
    try {
      worker.postMessage({ type: "start" }, [channel.port2]);
    } catch {
      resolve(false); // the worker went redundant meanwhile
    }
  });
}

export async function startWaitingVersion() {
  const registration = sw?.controller
    ? await Promise.race([sw.getRegistration(), new Promise((r) => setTimeout(r, ASK_MS))])
    : null;
  if (!registration) return false;
  // States, not object identity: the old controller turns "redundant", the new one activates.
  const takingOver = () =>
    sw.controller?.state === "redundant" ||
    registration.active?.state === "activating" ||
    ["activating", "activated"].includes(registration.waiting?.state);
  const waiting = registration.waiting;
  const taken = !takingOver() && waiting ? await ask(waiting) : false;
  if (!taken && !takingOver()) return false;
  // Reload at once: the old worker answers with a page that waits for the new one (sw.js).
  location.reload();
  return true;
}

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
  // Another tab's banner Reload activated the new version: every page of the old one is handed
  // to it (controllerchange) and the old version's cache is gone. One version per device
  // (issue 32): this tab saves what it holds and reloads into the new version too. The first
  // install's claim of the first page (no controller before it) swaps no version.
  let takingHere = false;
  let controller = sw.controller;
  sw.addEventListener("controllerchange", () => {
    const fromOldVersion = controller !== null;
    controller = sw.controller;
    if (!fromOldVersion || takingHere) return;
    try {
      app.flush();
    } catch (err) {
      console.warn("Rulekeeper: not saved before the update:", err);
    }
    location.reload();
  });
  // The banner's "Reload": switch to the waiting version, then reload into it.
  window.addEventListener("rulekeeper:update", () => {
    takingHere = true;
    if (!registration.waiting) {
      location.reload();
      return;
    }
    // Bounded: a swap not seen in 10 s reloads anyway (the old worker's REFRESH waits for it).
    Promise.race([swapped(), new Promise((r) => setTimeout(r, 10000))]).then(() =>
      location.reload(),
    );
    registration.waiting.postMessage({ type: "take" });
  });
}
