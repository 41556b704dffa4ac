// Write dist/sw.js: tools/sw-source.js with this build's file list and content hashes.
// It must run last in the build. Usage: node tools/sw.mjs [dist]
//
// The list is every file the app loads: the whole of dist/ but the benchmark pages and the
// Pyodide lock file (boot.mjs passes the lock's info inline, so the page never fetches it).
// The version is a hash of that list, so a rebuild with the same files gives the same sw.js and
// the browser sees no update; any changed file gives a new version, installed beside the old.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const TOOLS = dirname(fileURLToPath(import.meta.url));
const DIST = resolve(process.argv[2] ?? join(TOOLS, "..", "dist"));
const SKIP = [/^sw\.js$/, /^bench\//, /^vendor\/pyodide\/pyodide-lock\.json$/];
// A build missing any of these cannot start offline.
const REQUIRED = [
  "index.html",
  "boot.mjs",
  "register-sw.js",
  "build-dom.js",
  "app.css",
  "vendor/pyodide/pyodide.mjs",
  "vendor/pyodide/pyodide.asm.mjs",
  "vendor/pyodide/pyodide.asm.wasm",
  "vendor/pyodide/python_stdlib.zip",
  "py/rulekeeper.zip",
];

function* walk(folder) {
  for (const name of readdirSync(folder).sort()) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else yield relative(DIST, path).split("\\").join("/");
  }
}

const files = [...walk(DIST)]
  .filter((path) => !SKIP.some((pattern) => pattern.test(path)))
  .map((path) => [
    path,
    `sha256-${createHash("sha256").update(readFileSync(join(DIST, path))).digest("base64")}`,
  ]);
const missing = REQUIRED.filter((path) => !files.some(([p]) => p === path));
if (missing.length) {
  console.error(`sw.js: the build is incomplete, missing ${missing.join(", ")}`);
  process.exit(1);
}
const version = createHash("sha256").update(JSON.stringify(files)).digest("hex").slice(0, 16);
const source = readFileSync(join(TOOLS, "sw-source.js"), "utf8");
writeFileSync(
  join(DIST, "sw.js"),
  `const VERSION = ${JSON.stringify(version)};\nconst FILES = ${JSON.stringify(files, null, 1)};\n${source}`,
);
const bytes = files.reduce((sum, [path]) => sum + statSync(join(DIST, path)).size, 0);
console.log(`sw.js: version ${version}, ${files.length} files, ${(bytes / 1e6).toFixed(1)} MB`);
