// Rulekeeper's service worker (tools/sw.mjs prepends VERSION and FILES: [path, integrity]).
//
// - Install copies every file of this version into its own cache: from another "rulekeeper-"
//   cache when the content is the same (an older version's, or the one the first start filled
//   with what it downloaded: web/boot.mjs), else from the HTTP cache (the page registers this
//   worker only after it has started, so it has fetched all of it), else from the network. Each
//   copy is checked against the build's SHA-256, so a stale or newer file is never mixed in.
// - A new version waits (no skipWaiting on install): pages keep the version they started with
//   until the user reloads from the banner, or the app starts (or reloads) with no other tab
//   open: that navigation is answered with a refresh into the new version.
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

self.addEventListener("message", (event) => {
  if (event.data?.type === "take") self.skipWaiting(); // the update banner's Reload
});

// A start with a new version waiting takes it before anything of the old one runs, unless
// another tab still runs the old one: the navigation is answered with a page that reloads once
// the new worker is active, and the reloaded page loads from it. The tab being reloaded is still
// listed as a client, hence "at most one". A worker that a newer one has already replaced (its
// cache deleted, or no longer the active one) answers every navigation with that page too, so a
// start never takes index.html from one version and the rest from another.
const REFRESH = `<!doctype html><link rel="icon" href="./icons/icon-192.png">
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

async function startNewerVersion() {
  if (!(await replaced())) {
    const waiting = self.registration.waiting;
    if (!waiting) return null;
    const tabs = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    if (tabs.length > 1) return null;
    waiting.postMessage({ type: "take" });
  }
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
