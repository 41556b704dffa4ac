// Start Rulekeeper: load the vendored Pyodide, unpack the app (precompiled Python, tables and
// icepool) into the cwd, and call rkweb.app.browser.start(). Plain Pyodide, no PyScript: it
// boots faster (measured in tools/bench.py) and the page's CSP needs no 'unsafe-eval'.
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
import { registerWorker } from "./register-sw.js";

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

async function boot() {
  const app = fetch(here("./py/rulekeeper.zip")).then((r) => {
    if (!r.ok) throw new Error(`py/rulekeeper.zip: HTTP ${r.status}`);
    return r.arrayBuffer();
  });
  const options = LOCK_INFO ? { lockFileContents: { info: LOCK_INFO, packages: {} } } : {};
  const py = await loadPyodide(options);
  py.unpackArchive(await app, "zip", { extractDir: "/home/pyodide" });
  checkOneVersion(py);
  const rulekeeper = py.pyimport("rkweb.app.browser").start();
  performance.mark("rulekeeper-ready"); // read by tools/bench.py in every engine
  // After ready: the service worker's install copies what this page already fetched.
  registerWorker(rulekeeper);
}

boot().catch(fail);
