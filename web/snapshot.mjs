// A memory snapshot of the started Python (issue 20): made once per build and engine, after a
// normal start, in a worker (so no tap waits for it), kept in Cache Storage; the next start
// restores it instead of booting Pyodide and importing the app again. Pyodide's snapshot API is
// private (`_makeSnapshot`, `_loadSnapshot`): any failure drops the snapshot and boot.mjs starts
// the normal way, so the worst case is the start there was before.
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
import createPyodideModule from "./vendor/pyodide/pyodide.asm.mjs";
import { CACHE, DIGEST, memoryOf, sha256 } from "./snapshot-store.mjs";

// The app's code is imported from its zip, as the stdlib is: zipimport reads a precompiled
// module on its first import. Only the other files (the tables, build.txt) are unpacked: about
// 100 files instead of 400, which took 0.4 s of a start at 4x CPU (issue 20).
// A start restored from a snapshot has those files' bytes in its heap already (kept by make):
// they are written back as they are, not unzipped again (issue 33: 21 ms, 184 ms at 4x CPU).
// Its value: how many files were unzipped (0 on a restored start; boot.mjs shows it).
const APP_ZIP = "/home/pyodide/rulekeeper.zip";
const INSTALL = `
import os, sys, zipfile
if "${APP_ZIP}" not in sys.path:
    sys.path.insert(0, "${APP_ZIP}")
if "_rk_files" in globals():
    _rk_unzipped = 0
else:
    # A fresh start: the build's dataclass methods, until the page has started (precompiled.py).
    from rkweb.app import precompiled as _rk_precompiled
    _rk_precompiled.install()
    with zipfile.ZipFile("${APP_ZIP}") as _app:
        # rkweb's own data (the idle order, the dataclass codes) is read from the zip itself.
        _names = [n for n in _app.namelist() if not n.endswith((".pyc", "/", ".marshal"))]
        _rk_files = {n: _app.read(n) for n in _names}
    _rk_unzipped = len(_names)
# Read, then written a file at a time: extractall's checks of each name took 20-30 ms more.
for _folder in {os.path.dirname(n) for n in _rk_files}:
    os.makedirs("/home/pyodide/" + _folder, exist_ok=True)
for _name, _data in _rk_files.items():
    with open("/home/pyodide/" + _name, "wb") as _file:
        _file.write(_data)
_rk_unzipped
`;
// A page's start lets the files' 0.3 MB go back to the heap once written; the snapshot's worker
// keeps them in its heap, for the restored start's INSTALL.
const DROP = "del _rk_files";

export function installApp(py, zip, { keep = false } = {}) {
  py.FS.writeFile(APP_ZIP, new Uint8Array(zip));
  const unzipped = py.runPython(INSTALL);
  if (!keep) py.runPython(DROP);
  return unzipped;
}

// Everything a start imports and more (every screen, icepool), so no screen is compiled after a
// restore; the module of the page glue only defines things at import. Not segno: the QR code's
// library is imported on the first share (pycore/share/qr.py), as on a fresh start. With it (71
// modules: xml.sax.saxutils brings urllib.request, http.client and email) the worker's heap ended
// 4 KB short of its 37,748,736 B, so the restored start's first allocations grew the wasm memory
// by Emscripten's 20 % step to 45,350,912 B, above a fresh start's 37,748,736 (issue 33). Without
// it the heap ends 1.4 MB below its top, and the restored start fits in it. The garbage collected
// last would otherwise be kept in every restored start's heap; what is left is kept out of every
// later collection (rkweb.app.idle.keep_loaded), as a normal start does once its idle steps end.
const PREPARE = `
import gc, importlib, pkgutil
import icepool, rkweb, pycore
for package in (rkweb, pycore):
    for found in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        importlib.import_module(found.name)
_rk_precompiled.release()  # its codes out of the snapshot: a restored start has its classes
gc.collect()
from rkweb.app.idle import keep_loaded
keep_loaded()
`;

// The two imports pyodide.mjs adds to the runtime's own (its getJsvErrorImport): from its
// 70-byte jsverror.wasm (a wasm GC reference test), or a Symbol where that does not compile or
// on iOS (a WebKit GC bug there breaks the call trampoline), exactly as pyodide.mjs does.
const JSV_ERROR =
  "AGFzbQEAAAABDANfAGAAAW9gAW8BfwMDAgECBygCE0pzdl9HZXRFcnJvcl9pbXBvcnQAAA5Kc3ZFcnJvcl9DaGVjawAB" +
  "ChMCBwD7AQD7GwsJACAA+xr7FAAL";

async function jsvErrorImports() {
  const ios =
    /iPad|iPhone|iPod/.test(navigator.userAgent) ||
    (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1);
  if (!ios) {
    try {
      const bytes = Uint8Array.from(atob(JSV_ERROR), (c) => c.charCodeAt(0));
      return (await WebAssembly.instantiate(bytes)).instance.exports;
    } catch (error) {
      if (!(error instanceof WebAssembly.CompileError)) throw error;
    }
  }
  const marker = Symbol("error marker");
  return { Jsv_GetError_import: () => marker, JsvError_Check: (value) => value === marker };
}

// The runtime module from the wasm compiled above. pyodide.mjs fetches pyodide.asm.wasm itself
// unless `WasmOffsetConverter` is defined (its check for an ASan build, which sets its own
// instantiateWasm; pyodide.asm.mjs never reads it): defined only until loadPyodide has made its
// settings, so the file is fetched once.
// `snapshot` (a restore, snapshot-store.mjs): the module is made while its bytes are read and
// checked (by a worker; where the page's thread reads them itself, once they are read: made
// during that read, the module held the thread and the read ended after it, measured, issue 33),
// and its restore waits for the checked bytes, so a damaged snapshot never runs (pyodide.mjs
// waits for `_loadSnapshot` before it makes the module: it is given a stand-in, and the
// module's restoreSnapshot the bytes). The wasm memory is grown to
// exactly the snapshot's heap (Emscripten's growMemory, which updates its views): the memory as
// first declared is 30 MiB, and growing it through malloc added the snapshot's size on top of
// the fresh heap (52.3 MB for a 37.7 MB snapshot, issue 33).
function fromCompiled(compiled, snapshot) {
  return async (settings) => {
    delete globalThis.WasmOffsetConverter;
    let failed;
    const failure = new Promise((_, reject) => (failed = reject));
    settings.instantiateWasm = (imports, done) => {
      Promise.all([compiled, jsvErrorImports()])
        .then(async ([module, jsv]) => {
          Object.assign(imports.env, jsv);
          done(await WebAssembly.instantiate(module, imports), module);
        })
        .catch(failed);
      return {}; // instantiated asynchronously
    };
    await snapshot?.threadFree;
    const module = await Promise.race([createPyodideModule(settings), failure]);
    performance.mark("rulekeeper-module");
    const bytes = await snapshot?.bytes;
    if (bytes) {
      if (memoryOf(bytes) > module.HEAP8.length) module.growMemory(memoryOf(bytes));
      const restoreSnapshot = module.API.restoreSnapshot;
      module.API.restoreSnapshot = () => restoreSnapshot(bytes);
    }
    performance.mark("rulekeeper-memory");
    return module;
  };
}

// loadPyodide on the runtime compiled by compileRuntime; `snapshot`: see fromCompiled.
export async function startPyodide(options, compiled, snapshot = null) {
  globalThis.WasmOffsetConverter = null;
  try {
    return await loadPyodide({ ...options, createPyodideModule: fromCompiled(compiled, snapshot) });
  } finally {
    delete globalThis.WasmOffsetConverter;
  }
}

// pyodide.mjs's `_loadSnapshot` before the bytes are read: it only needs one to know it restores.
const STAND_IN = new Uint8Array(0);

// A start from `snapshot` (snapshot-store.mjs): its bytes rejecting (a failed read, a damaged
// snapshot) fails it, and boot.mjs drops the snapshot for a normal start.
export function restore(snapshot, options, compiled) {
  return startPyodide({ ...options, _loadSnapshot: STAND_IN }, compiled, snapshot);
}

// In the worker: start Python as the page does, import the app, snapshot, keep it.
async function make({ url, options, app }) {
  const py = await loadPyodide({ ...options, _makeSnapshot: true });
  const zip = await (await fetch(app)).arrayBuffer();
  installApp(py, zip, { keep: true });
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
