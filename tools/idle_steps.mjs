// Time each idle-time step of a first start (rkweb.app.shell.idle_steps, with the build's
// dataclass methods as the page has them) inside the built app's own Pyodide under node, naming
// the modules each step loaded: finds the step a tap would wait for (issue 33: no main-thread
// task over 50 ms after ready). Usage, after a build:
//   node tools/idle_steps.mjs [slowest N, default 12]
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const DIST = join(resolve(dirname(fileURLToPath(import.meta.url)), ".."), "dist");
const { loadPyodide } = await import(join(DIST, "vendor/pyodide/pyodide.mjs"));
const py = await loadPyodide({ indexURL: join(DIST, "vendor/pyodide/") });
py.FS.writeFile("/home/pyodide/rulekeeper.zip", new Uint8Array(readFileSync(join(DIST, "py/rulekeeper.zip"))));
py.FS.mkdirTree("/tools");
for (const file of ["dataclass_codes.py", "zip_stamped.py"]) {
  py.FS.writeFile(`/tools/${file}`, readFileSync(join(DIST, "..", "tools", file), "utf8"));
}
py.globals.set("shown", Number(process.argv[2] ?? 12));
py.runPython(`
import gc, sys, time, zipfile
sys.path.insert(0, "/home/pyodide/rulekeeper.zip")
sys.path.insert(0, "/tools")
from dataclass_codes import NOT_UNPACKED, first_start
with zipfile.ZipFile("/home/pyodide/rulekeeper.zip") as app:
    app.extractall("/home/pyodide", [n for n in app.namelist() if not n.endswith(NOT_UNPACKED)])
import os; os.chdir("/home/pyodide")
from rkweb.app import precompiled
precompiled.install()  # as a fresh start's INSTALL (web/snapshot.mjs), then the start
model = first_start()
from rkweb.app import idle, shell
precompiled.release()
# As the page runs them (rkweb.app.browser.start): a freeze after each step, within its time.
steps = idle.page_steps([precompiled.install_idle, *shell.idle_steps(lambda: model)])
timed = []
while steps:
    before, start = set(sys.modules), time.perf_counter()
    more = steps[0]()
    gc.freeze()
    took = (time.perf_counter() - start) * 1000
    timed.append((took, sorted(set(sys.modules) - before) or [getattr(steps[0], "func", steps[0]).__name__]))
    steps = [*more, *steps[1:]] if isinstance(more, list) else steps[1:]
compiled = (precompiled.release() or precompiled.Lookup({})).compiled
print(f"{len(timed)} steps, {sum(t for t, _ in timed):.0f} ms in all, {compiled} classes compiled; the slowest:")
for took, names in sorted(timed, reverse=True)[:shown]:
    print(f"{took:6.1f} ms  {' '.join(names)[:150]}")
`);
