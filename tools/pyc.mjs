// Precompile Python with the vendored Pyodide itself, so every .pyc carries the magic number of
// the Python (3.14) that will load it. Run by tools/build.py after it has packed dist/py/:
//   node tools/pyc.mjs <dist>
// The work is done by tools/pycompile.py (with tools/idle_build.py), run inside Pyodide with dist/
// mounted at /dist; then tools/dataclass_codes.py, in a fresh Pyodide (nothing of the app
// imported yet), starts the app as a first visit does and adds what its dataclasses compiled to
// (rkweb.app.precompiled).
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const TOOLS = dirname(fileURLToPath(import.meta.url));
const dist = resolve(process.argv[2] ?? join(TOOLS, "..", "dist"));
// Each script and the build's modules it imports from beside it.
const SCRIPTS = {
  "pycompile.py": ["idle_build.py", "zip_stamped.py"],
  "dataclass_codes.py": ["zip_stamped.py"],
};
for (const [script, helpers] of Object.entries(SCRIPTS)) {
  const py = await loadPyodide();
  py.FS.mkdirTree("/dist");
  py.FS.mount(py.FS.filesystems.NODEFS, { root: dist }, "/dist");
  py.FS.mkdirTree("/tools");
  for (const helper of helpers) {
    py.FS.writeFile(`/tools/${helper}`, readFileSync(join(TOOLS, helper), "utf8"));
  }
  py.runPython("import sys; sys.path.insert(0, '/tools')");
  py.runPython(readFileSync(join(TOOLS, script), "utf8"), { filename: script });
}
