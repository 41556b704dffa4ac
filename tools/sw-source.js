// Rulekeeper's service worker (tools/sw.mjs prepends VERSION and FILES: [path, integrity]).
//
// - Install copies every file of this version into its own cache: from another "rulekeeper-"
//   cache when the content is the same (an older version's, or the one the first start filled
//   with what it downloaded: web/boot.mjs), else from the HTTP cache (the page registers this
//   worker only after it has started, so it has fetched all of it), else from the network. Each
//   copy is checked against the build's SHA-256, so a stale or newer file is never mixed in.
// - A new version waits (no skipWaiting on install): pages keep the version they started with
//   until the user reloads from the banner, or the app starts (or reloads) with no other tab
//   open: the starting page asks the waiting worker before it boots (register-sw.js), and
//   reloads into the new version when it is the only tab.
// - Only the first install claims the open page, which has no older version to be swapped from.
const PREFIX = "rulekeeper-";
const CACHE = PREFIX + VERSION;
const scope = new URL("./", self.location).href;
const urlOf = (path) => new URL(path, scope).href;
const PATHS = new Set(FILES.map(([path]) => urlOf(path)));
const INDEX = urlOf("index.html");
const FIRST_START = PREFIX + "first-start"; // web/boot.mjs's KEPT
const ours = (name) => name !== CACHE && (name.startsWith(PREFIX) || name.startsWith("workbox-"));

async function digest(response) {
  const hash = await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer());
  return `sha256-${btoa(String.fromCharCode(...new Uint8Array(hash)))}`;
}

async function fromOurCaches(url, integrity) {
  for (const name of (await caches.keys()).filter(ours)) {
    const response = await (await caches.open(name)).match(url);
    if (response && (await digest(response)) === integrity) return response;
  }
  return null;
}

async function fetchChecked(url, integrity) {
  // The page was opened at the folder's URL, not at index.html: the same file in the HTTP cache.
  for (const candidate of url === INDEX ? [scope, url] : [url]) {
    try {
      // The integrity check makes the fetch fail on a cached copy of another version.
      const cached = await fetch(new Request(candidate, { integrity, cache: "force-cache" }));
      if (cached.ok) return cached;
    } catch {
      // not cached, or cached with other content: try the next, then fetch afresh below
    }
  }
  const response = await fetch(new Request(url, { integrity, cache: "reload" }));
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response;
}

async function install() {
  const cache = await caches.open(CACHE);
  await Promise.all(
    FILES.map(async ([path, integrity]) => {
      const url = urlOf(path);
      if (await cache.match(url)) return; // an interrupted install already checked it in
      const response = (await fromOurCaches(url, integrity)) ?? (await fetchChecked(url, integrity));
      await cache.put(url, response);
    }),
  );
}

async function activate() {
  const older = (await caches.keys()).filter(ours);
  await Promise.all(older.map((name) => caches.delete(name)));
  if (!older.some((name) => name !== FIRST_START)) await self.clients.claim();
}

self.addEventListener("install", (event) => event.waitUntil(install()));
self.addEventListener("activate", (event) => event.waitUntil(activate()));

// A start with this version waiting takes it before the old one boots, unless another tab still
// runs the old one (taking it would delete the old version's cache under that tab, issue 32):
// the page asks once it is itself a client ("start"), so the page it replaced (a reload) is gone
// and every other client listed is another tab. A navigation cannot tell: a new tab is not yet
// listed and a reloading one still is, and FetchEvent.replacesClientId is in no engine.
const othersOf = async (event) =>
  (await self.clients.matchAll({ type: "window", includeUncontrolled: true })).filter(
    (tab) => tab.id !== event.source?.id,
  ).length;

// The take in progress, kept where the old worker sees it: the page reloads at once and the old
// worker answers that navigation with REFRESH (below), so nothing of the old version boots while
// it is being replaced. A navigation also makes Chromium ask a still-running old worker to stop
// as soon as it is idle; a fetch that restarts it clears that request (it would then run until
// its idle timeout, or 5 minutes with DevTools attached), hence reloading, not waiting in place.
// The new version's activate deletes the marker (it is one of "ours"). A take not done within
// TAKE_MS is given up: the old version boots again and the banner offers the reload.
const TAKING = PREFIX + "taking";
const TAKE_MS = 30000;
const MARK = urlOf("taking");

async function takeStarted() {
  const marked = await caches.match(MARK, { cacheName: TAKING }); // creates no cache
  return marked ? Number(await marked.text()) : null;
}

async function startHere(event) {
  const started = await takeStarted();
  let alone = started === null || Date.now() - started < TAKE_MS;
  if (alone && started === null) {
    // A tab just closed is listed a moment longer: look again before leaving the old version on.
    alone = (await othersOf(event)) === 0;
    if (!alone) await new Promise((resolve) => setTimeout(resolve, 400));
    alone ||= (await othersOf(event)) === 0;
    if (alone) await (await caches.open(TAKING)).put(MARK, new Response(String(Date.now())));
  }
  // Skipping is asked before the page hears "taken": the page reloads at once, and that
  // navigation is what makes Chromium stop the old worker as soon as it is idle, but only when
  // this worker already skips waiting (asked after, the old one ran on to the REFRESH page's
  // next reload, 5 s later). Not awaited before the answer: Chromium settles skipWaiting()
  // only once this worker is active.
  const skipping = alone ? self.skipWaiting() : null;
  event.ports[0]?.postMessage({ taken: alone });
  await skipping;
}

self.addEventListener("message", (event) => {
  if (event.data?.type === "take") self.skipWaiting(); // the update banner's Reload
  if (event.data?.type === "start") event.waitUntil(startHere(event)); // sent to the waiting one
});

// A worker that a newer one has already replaced (its cache deleted, or no longer the active
// one), or is being replaced (a take in progress), answers every navigation with a page that
// reloads once the new worker is active, so a start never takes index.html from one version and
// the rest from another. It fetches nothing (no icon): a fetch would keep the old worker running.
const REFRESH = `<!doctype html><link rel="icon" href="data:,">
<meta http-equiv="refresh" content="5"><script>
(async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  for (let i = 0; i < 200 && (registration?.waiting || registration?.active?.state !== "activated"); i++)
    await new Promise((resolve) => setTimeout(resolve, 25));
  location.reload();
})();
</script>`;

async function replaced() {
  const me = self.serviceWorker; // not in older engines: the deleted cache tells it there
  if (me && self.registration.active && self.registration.active !== me) return true;
  return !(await caches.has(CACHE));
}

async function beingReplaced() {
  const started = self.registration.waiting ? await takeStarted() : null;
  return started !== null && Date.now() - started < TAKE_MS;
}

async function startNewerVersion() {
  if (!(await replaced()) && !(await beingReplaced())) return null;
  return new Response(REFRESH, { headers: { "Content-Type": "text/html; charset=utf-8" } });
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  let key = url.origin + url.pathname;
  const navigation = request.mode === "navigate";
  if (navigation && key === scope) key = INDEX;
  if (!PATHS.has(key)) return; // not part of the app (the benchmark pages): the network's
  event.respondWith(
    (async () => {
      const refresh = navigation ? await startNewerVersion() : null;
      if (refresh) return refresh;
      const response = await (await caches.open(CACHE)).match(key);
      return response ?? fetch(request);
    })(),
  );
});
