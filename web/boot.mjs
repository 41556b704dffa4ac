// Start Rulekeeper: load the vendored Pyodide, put the app (precompiled Python, tables and
// icepool) into the cwd, and call rkweb.app.browser.start(). Plain Pyodide, no PyScript: it
// boots faster (measured in tools/bench.py) and the page's CSP needs no 'unsafe-eval'.
import { installBuilder } from "./build-dom.js";
import { registerWorker, startWaitingVersion } from "./register-sw.js";
import { compileRuntime, dropSnapshots, findSnapshot, snapshotUrl } from "./snapshot-store.mjs";

const here = (path) => new URL(path, import.meta.url).href;
// tools/build.py writes the vendored lock's "info" here: with no package to load, the 119 KB
// lock file need not be fetched. Unbuilt (null), Pyodide fetches the lock as usual.
const LOCK_INFO = null;
// tools/build.py stamps the build here, in index.html, app.css and the Python zip.
const BUILD = "dev";

function fail(error) {
  console.error("Rulekeeper could not start:", error);
  const status = document.querySelector("[data-testid=loading]");
  if (status) {
    const line = document.createElement("p");
    line.className = "field-error";
    line.dataset.testid = "boot-error";
    line.textContent = `Rulekeeper could not start: ${error}`;
    status.append(line);
  }
}

// Every file of a start must come from one build: say so on the page (data-build), and shout if
// not (the service worker exists to make that impossible; tools/build.py stamps each file).
function checkOneVersion(py) {
  const seen = {
    "boot.mjs": BUILD,
    "index.html": document.querySelector("meta[name=rulekeeper-build]")?.content,
    "app.css": getComputedStyle(document.documentElement)
      .getPropertyValue("--build")
      .trim()
      .replace(/^"|"$/g, ""),
    "py/rulekeeper.zip": py.FS.analyzePath("/home/pyodide/build.txt").exists
      ? py.FS.readFile("/home/pyodide/build.txt", { encoding: "utf8" })
      : undefined,
  };
  const builds = new Set(Object.values(seen));
  document.documentElement.dataset.build = builds.size === 1 ? BUILD : "mixed";
  if (builds.size !== 1) console.error("Rulekeeper: files of different builds:", JSON.stringify(seen));
}

// After a normal start, in idle time: a worker makes the snapshot the next start restores.
function makeSnapshot(url, options) {
  const root = document.documentElement;
  if (typeof Worker === "undefined" || !("caches" in self)) {
    root.dataset.snapshot = "unsupported";
    return;
  }
  const worker = new Worker(here("./snapshot.mjs"), { type: "module" });
  root.dataset.snapshot = "making";
  worker.addEventListener("message", ({ data }) => {
    root.dataset.snapshot = data.stored ? "stored" : "failed";
    if (data.failed) console.warn("Rulekeeper: no start-up snapshot:", data.failed);
    worker.terminate();
  });
  worker.addEventListener("error", (event) => {
    root.dataset.snapshot = "failed";
    console.warn("Rulekeeper: no start-up snapshot:", event.message);
  });
  worker.postMessage({ url, options, app: here("./py/rulekeeper.zip") });
}

function skipSnapshot() {
  document.documentElement.dataset.snapshot = "skipped";
}

function whenIdle(run) {
  if ("requestIdleCallback" in self) requestIdleCallback(run, { timeout: 5000 });
  else setTimeout(run, 1000);
}

// A browser driven by tests (navigator.webdriver) opens a fresh profile for each test: making a
// snapshot there would only load the machine. The start-up tests and the benchmark opt in
// (before the two seconds after ready are up: such a browser is asked again then).
function snapshotWanted() {
  try {
    return !navigator.webdriver || localStorage.getItem("rulekeeper-snapshot") === "on";
  } catch {
    return false;
  }
}

// The first start, before any service worker: keep what this page downloads through fetch()
// (Pyodide's wasm and stdlib, the app's zip: 13.6 of 14.9 MB) for the worker's install, which
// otherwise downloads again whatever the HTTP cache does not give it: all of it in WebKit under
// automation (measured, issue 20). The worker checks each file against the build's hash, takes
// it from this "rulekeeper-" cache and deletes the cache once active.
const KEPT = "rulekeeper-first-start";

// self.fetch answered by ``wrap(fetchNow, input, init)`` (``fetchNow``: the fetch it replaced)
// until the returned function puts that one back. The two below stack: fetchEarly's own fetch
// goes through keepDownloads' (its response is kept too).
function wrapFetch(wrap) {
  const fetchNow = self.fetch;
  self.fetch = (input, init) => wrap(fetchNow, input, init);
  return () => {
    self.fetch = fetchNow;
  };
}

function keepDownloads() {
  if (!("caches" in self) || !("serviceWorker" in navigator) || navigator.serviceWorker.controller)
    return async () => {};
  const kept = [];
  const unwrap = wrapFetch((fetchNow, input, init) => {
    const pending = fetchNow(input, init);
    const get = (init?.method ?? input?.method ?? "GET") === "GET";
    // Cloned in this first callback, before the caller reads the body.
    pending.then((response) => {
      if (get && response.ok && new URL(response.url).origin === location.origin)
        kept.push([response.url, response.clone()]);
    }, () => {});
    return pending;
  });
  return async () => {
    unwrap();
    try {
      const cache = await caches.open(KEPT);
      await Promise.all(kept.map(([url, response]) => cache.put(url, response)));
    } catch (error) {
      console.warn("Rulekeeper: the first start's files not kept:", error); // the worker downloads them
    }
  };
}

// Pyodide fetches its stdlib once loadPyodide runs, after the snapshot's lookup and the
// runtime's JavaScript: on a first visit 300 ms after the bare page's fetch of it at 1x CPU
// (measured, issue 33). Fetched from the start instead, and the response handed to Pyodide's own
// fetch of it, once (a preload was fetched twice by WebKit: index.html).
function fetchEarly(url) {
  const early = fetch(url);
  early.catch(() => {}); // Pyodide's own fetch of it reports the failure
  const unwrap = wrapFetch((fetchNow, input, init) => {
    if (String(input instanceof Request ? input.url : input) !== url) return fetchNow(input, init);
    unwrap();
    return early;
  });
}

// A start that fails once its runtime is up is tried again, once per tab: a restored one drops
// its snapshot and starts the normal way; a fresh one reloads (WebKitGTK once failed a normal start
// with "Out of bounds memory access" in a call into Python and started on the reload; an app zip
// damaged on its way is fetched again).
const RETRIED = "rulekeeper-start-retried";

// The start's steps, as marks (read by tools/bench.py's breakdown of a start).
const mark = (step) => performance.mark(`rulekeeper-${step}`);

async function boot() {
  mark("boot");
  // Everything a start fetches, begun at once, before the runtime's JavaScript is parsed (its
  // static import delayed these by 200-500 ms at 4x CPU: issue 33), and beside the check for a
  // waiting version (a reload then drops them).
  const waiting = startWaitingVersion();
  const handOver = keepDownloads();
  fetchEarly(here("./vendor/pyodide/python_stdlib.zip"));
  // Compiled while the snapshot is read (or Python starts the normal way), not after (issue 33).
  const runtime = compileRuntime(import.meta.url);
  runtime.catch(() => {}); // its failure is the start's, reported there
  const app = fetch(here("./py/rulekeeper.zip")).then((r) => {
    if (!r.ok) throw new Error(`py/rulekeeper.zip: HTTP ${r.status}`);
    return r.arrayBuffer();
  });
  app.catch(() => {}); // as the runtime's
  const url = snapshotUrl(import.meta.url, BUILD);
  const found = BUILD === "dev" ? Promise.resolve(null) : findSnapshot(url);
  const glue = import("./snapshot.mjs");
  glue.catch(() => {}); // as the runtime's
  if (await waiting) return; // reloading into the new version
  const options = LOCK_INFO ? { lockFileContents: { info: LOCK_INFO, packages: {} } } : {};
  const snapshot = await found;
  mark("snapshot-found");
  runtime.then(() => mark("compiled"), () => {});
  const { installApp, restore, startPyodide } = await glue;
  mark("glue");
  let py = null;
  if (snapshot) {
    try {
      py = await restore(snapshot, options, runtime);
    } catch (error) {
      console.warn("Rulekeeper: the start-up snapshot did not restore:", error);
      await dropSnapshots();
    }
  }
  const restored = py !== null;
  py ??= await startPyodide(options, runtime);
  mark("python");
  let rulekeeper;
  try {
    // 0 on a restored start: the snapshot holds the files (e2e/test_snapshot.py checks it).
    const zip = await app;
    mark("app-fetched");
    document.documentElement.dataset.unzipped = installApp(py, zip);
    mark("installed");
    checkOneVersion(py);
    installBuilder(); // app/patcher.py builds new subtrees with it
    // The snapshot froze the random module's state: reseed it (the app's rolls use their own).
    if (restored) py.runPython("import random; random.seed()");
    const browser = py.pyimport("rkweb.app.browser");
    mark("imported");
    rulekeeper = browser.start();
  } catch (error) {
    if (sessionStorage.getItem(RETRIED)) throw error;
    sessionStorage.setItem(RETRIED, "1");
    console.warn("Rulekeeper: the start failed; trying once more:", error);
    if (restored) await dropSnapshots();
    location.reload();
    return;
  }
  document.documentElement.dataset.boot = restored ? "snapshot" : "fresh";
  performance.mark("rulekeeper-ready"); // read by tools/bench.py in every engine
  // After ready: the service worker's install copies what this page already fetched.
  handOver().then(() => registerWorker(rulekeeper));
  // As soon as the first render is done and the page idle: the worker runs on its own thread,
  // beside the app's idle-time steps (waiting for those stored it 11.6 s after a first visit, and
  // a user who left sooner got another cold start: issue 33).
  if (!restored && BUILD !== "dev") {
    const decide = (asked) => {
      if (snapshotWanted()) makeSnapshot(url, options);
      else if (asked || !navigator.webdriver) skipSnapshot();
      else setTimeout(() => decide(true), 2000); // a test's browser: its opt-in may come
    };
    whenIdle(() => decide(false));
  }
}

boot().catch(fail);
