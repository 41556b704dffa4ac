// Precompile Python with the vendored Pyodide itself, so every .pyc carries the magic number of
// the Python (3.14) that will load it. Run by tools/build.py after it has packed dist/py/:
//   node tools/pyc.mjs <dist>
// The work is done by tools/pycompile.py, run inside Pyodide with dist/ mounted at /dist.
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const TOOLS = dirname(fileURLToPath(import.meta.url));
const dist = resolve(process.argv[2] ?? join(TOOLS, "..", "dist"));
const py = await loadPyodide();
py.FS.mkdirTree("/dist");
py.FS.mount(py.FS.filesystems.NODEFS, { root: dist }, "/dist");
py.runPython(readFileSync(join(TOOLS, "pycompile.py"), "utf8"), { filename: "pycompile.py" });
