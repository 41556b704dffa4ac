// Time loading every table of each rule system inside Pyodide under node, from the same
// rulekeeper.zip the page unpacks (dist/ must be built). Prints one JSON object:
// {"aftermath": {"tables": 26, "cold_ms": ...}, ...}. Usage: node tools/pyodide_tables_bench.mjs
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const py = await loadPyodide();
py.FS.mkdirTree("/app");
py.FS.chdir("/app");
const zip = new Uint8Array(readFileSync(join(REPO, "dist", "py", "rulekeeper.zip")));
py.unpackArchive(zip, "zip", { extractDir: "/app" });
const result = py.runPython(`
import json, sys, time
sys.path.insert(0, "/app")
from pycore.tables import list_tables, load_table
figures = {}
for system in sorted({s for s, _ in list_tables()}):
    names = [t for s, t in list_tables() if s == system]
    start = time.perf_counter()
    for name in names:
        load_table(system, name)
    figures[system] = {"tables": len(names), "cold_ms": round((time.perf_counter() - start) * 1000, 1)}
json.dumps(figures)
`);
console.log(result);
