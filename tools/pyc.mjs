// Precompile Python with the vendored Pyodide itself, so every .pyc carries the magic number of
// the Python (3.14) that will load it. Run by tools/build.py after it has packed dist/py/:
//   node tools/pyc.mjs <dist>
// The work is done by tools/pycompile.py (and tools/idle_build.py), run inside Pyodide with dist/
// mounted at /dist; then tools/dataclass_codes.py, in a fresh Pyodide (nothing of the app
// imported yet), starts the app as a first visit does and adds what its dataclasses compiled to
// (rkweb.app.precompiled).
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const TOOLS = dirname(fileURLToPath(import.meta.url));
const dist = resolve(process.argv[2] ?? join(TOOLS, "..", "dist"));
for (const script of ["pycompile.py", "dataclass_codes.py"]) {
  const py = await loadPyodide();
  py.FS.mkdirTree("/dist");
  py.FS.mount(py.FS.filesystems.NODEFS, { root: dist }, "/dist");
  // pycompile.py imports the build's half of rkweb.app.idle from beside it (tools/idle_build.py).
  py.FS.mkdirTree("/tools");
  py.FS.writeFile("/tools/idle_build.py", readFileSync(join(TOOLS, "idle_build.py"), "utf8"));
  py.runPython("import sys; sys.path.insert(0, '/tools')");
  py.runPython(readFileSync(join(TOOLS, script), "utf8"), { filename: script });
}
