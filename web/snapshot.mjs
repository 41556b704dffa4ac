// A memory snapshot of the started Python (issue 20): made once per build and engine, after a
// normal start, in a worker (so no tap waits for it), kept in Cache Storage; the next start
// restores it instead of booting Pyodide and importing the app again. Pyodide's snapshot API is
// private (`_makeSnapshot`, `_loadSnapshot`): any failure drops the snapshot and boot.mjs starts
// the normal way, so the worst case is the start there was before.
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
import createPyodideModule from "./vendor/pyodide/pyodide.asm.mjs";

// The app's code is imported from its zip, as the stdlib is: zipimport reads a precompiled
// module on its first import. Only the other files (the tables, build.txt) are unpacked: about
// 100 files instead of 400, which took 0.4 s of a start at 4x CPU (issue 20).
const APP_ZIP = "/home/pyodide/rulekeeper.zip";
const INSTALL = `
import sys, zipfile
if "${APP_ZIP}" not in sys.path:
    sys.path.insert(0, "${APP_ZIP}")
with zipfile.ZipFile("${APP_ZIP}") as app:
    app.extractall("/home/pyodide", [n for n in app.namelist() if not n.endswith(".pyc")])
`;

export function installApp(py, zip) {
  py.FS.writeFile(APP_ZIP, new Uint8Array(zip));
  py.runPython(INSTALL);
}

// Not "rulekeeper-…": the service worker deletes those caches that are not its own version.
const CACHE = "rk-snapshots";

// Everything a start imports and more (every screen, icepool, the QR code), so nothing is
// compiled after a restore; the module of the page glue only defines things at import.
const PREPARE = `
import importlib, pkgutil
import icepool, segno, rkweb, pycore
for package in (rkweb, pycore):
    for found in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        importlib.import_module(found.name)
`;

// The key: this build, in this engine (a Chromium-made snapshot crashes WebKit).
export function snapshotUrl(base, build) {
  const engine = typeof navigator === "object" ? navigator.userAgent : "unknown";
  return new URL(`./py/snapshot?${new URLSearchParams({ build, engine })}`, base).href;
}

// The snapshot's SHA-256, kept beside it and checked before a start trusts it (issue 32 item 7: 4 KB
// flipped in the middle of 37.7 MB restored silently).
const DIGEST = "x-rulekeeper-sha256";

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

// The kept snapshot: its bytes and the digest it was stored with (null: none kept or readable).
export async function findSnapshot(url) {
  try {
    const hit = await (await caches.open(CACHE)).match(url);
    if (!hit) return null;
    return { bytes: new Uint8Array(await hit.arrayBuffer()), digest: hit.headers.get(DIGEST) };
  } catch {
    return null; // no Cache Storage (a private window): start the normal way
  }
}

async function intact({ bytes, digest }) {
  if (!digest || (await sha256(bytes)) !== digest) {
    throw new Error("the start-up snapshot is damaged (its SHA-256 differs from the one kept)");
  }
}

export async function dropSnapshots() {
  try {
    await caches.delete(CACHE);
  } catch {
    // nothing kept, nothing to drop
  }
}

// Pyodide restores into the wasm memory as first declared (30 MiB); the started app's heap is
// larger, so the memory is grown first, through Emscripten's own malloc (which updates its views).
const growingTo = (bytes) => async (settings) => {
  const module = await createPyodideModule(settings);
  if (bytes > module.HEAP8.length) module._free(module._malloc(bytes));
  return module;
};

// The check runs beside the wasm compile (crypto.subtle works off the page's thread); a damaged
// snapshot throws, and boot.mjs drops it for a normal start.
export async function restore(snapshot, options) {
  const [py] = await Promise.all([
    loadPyodide({
      ...options,
      _loadSnapshot: snapshot.bytes,
      createPyodideModule: growingTo(snapshot.bytes.length),
    }),
    intact(snapshot),
  ]);
  return py;
}

// In the worker: start Python as the page does, import the app, snapshot, keep it.
async function make({ url, options, app }) {
  const py = await loadPyodide({ ...options, _makeSnapshot: true });
  const zip = await (await fetch(app)).arrayBuffer();
  installApp(py, zip);
  py.runPython(PREPARE);
  const snapshot = py.makeMemorySnapshot();
  const cache = await caches.open(CACHE);
  for (const old of await cache.keys()) await cache.delete(old); // another build or engine
  const headers = { "content-type": "application/octet-stream", [DIGEST]: await sha256(snapshot) };
  await cache.put(url, new Response(snapshot, { headers }));
  return snapshot.length;
}

if (typeof WorkerGlobalScope !== "undefined" && self instanceof WorkerGlobalScope) {
  self.addEventListener("message", async (event) => {
    try {
      self.postMessage({ stored: await make(event.data) });
    } catch (error) {
      self.postMessage({ failed: String(error) });
    }
  });
}
