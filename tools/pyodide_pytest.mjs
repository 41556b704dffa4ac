// Run the core's pytest suite inside Pyodide under node, so the browser's Python (3.14, wasm)
// is checked against the same tests as CPython. Offline: wheels come from wheels-test/.
// Usage: node tools/pyodide_pytest.mjs [pytest args]
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const WHEELS = join(REPO, "wheels-test");
const args = process.argv.slice(2);

const py = await loadPyodide();
const site = py.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
for (const name of readdirSync(WHEELS).filter((n) => n.endsWith(".whl"))) {
  // unpackArchive rejects a Node Buffer: wrap it in a Uint8Array.
  py.unpackArchive(new Uint8Array(readFileSync(join(WHEELS, name))), "wheel", { extractDir: site });
}
py.FS.mkdirTree("/repo");
py.FS.mount(py.FS.filesystems.NODEFS, { root: REPO }, "/repo");
py.FS.chdir("/repo");
// The rule texts sit beside the repository (shared/seeds); tests that read them find them at
// /shared, the same place relative to /repo as on the host.
// RULEKEEPER_SEEDS, when set, names the seeds folder instead (mounted at /seeds); CI is passed on
// so that a rule text missing under CI fails there too (tests/seedfiles.py).
const SHARED = join(REPO, "..", "shared");
if (existsSync(SHARED)) {
  py.FS.mkdirTree("/shared");
  py.FS.mount(py.FS.filesystems.NODEFS, { root: SHARED }, "/shared");
}
const env = { CI: process.env.CI ?? "" };
if (process.env.RULEKEEPER_SEEDS && existsSync(process.env.RULEKEEPER_SEEDS)) {
  py.FS.mkdirTree("/seeds");
  py.FS.mount(py.FS.filesystems.NODEFS, { root: resolve(process.env.RULEKEEPER_SEEDS) }, "/seeds");
  env.RULEKEEPER_SEEDS = "/seeds";
}
py.globals.set("test_env", py.toPy(env));
py.globals.set("pytest_args", py.toPy(args));
const code = await py.runPythonAsync(`
import os, sys, pytest
os.environ.update({k: v for k, v in test_env.items() if v})
sys.path[:0] = ["/repo", "/repo/web"]
print(f"pytest inside Pyodide: Python {sys.version.split()[0]} on {sys.platform}")
pytest.main(["-p", "no:cacheprovider", *pytest_args])
`);
process.exit(Number(code));
