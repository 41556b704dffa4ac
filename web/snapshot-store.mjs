// What a start does before the runtime's 1.3 MB of JavaScript is parsed (issue 33: importing
// it statically delayed every start's fetches and the snapshot's lookup by 200-500 ms at 4x
// CPU): the runtime's wasm compiled, the kept start-up snapshot found and read, and checked.
// Nothing here imports Pyodide; snapshot.mjs does, and boot.mjs imports it meanwhile.

// Not "rulekeeper-…": the service worker deletes those caches that are not its own version.
export const CACHE = "rk-snapshots";

// The key: this build, in this engine (a Chromium-made snapshot crashes WebKit).
export function snapshotUrl(base, build) {
  const engine = typeof navigator === "object" ? navigator.userAgent : "unknown";
  return new URL(`./py/snapshot?${new URLSearchParams({ build, engine })}`, base).href;
}

// The snapshot's SHA-256, kept beside it and checked before a start trusts it (issue 32 item 7: 4 KB
// flipped in the middle of 37.7 MB restored silently).
export const DIGEST = "x-rulekeeper-sha256";

export async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

// The kept snapshot as read, unchecked (the benchmark's floor page): the promises of its read's
// end and of its bytes (the 37.7 MB read goes on while the runtime is compiled: issue 33), and
// the digest it was stored with. Null: none kept, or no Cache Storage (a private window).
export async function readSnapshot(url) {
  try {
    const hit = await (await caches.open(CACHE)).match(url);
    if (!hit) return null;
    const bytes = hit.arrayBuffer().then((buffer) => new Uint8Array(buffer));
    bytes.catch(() => {}); // a failed read fails the restore, which starts the normal way
    const read = bytes.then(() => {});
    read.catch(() => {});
    return { read, bytes, digest: hit.headers.get(DIGEST) };
  } catch {
    return null;
  }
}

// The kept snapshot, its bytes checked: `bytes` rejects for bytes that are not the ones kept
// (boot.mjs then drops them and starts the normal way). The check's worker starts with the read,
// beside it: begun with the restore it ended after the restore in Firefox and WebKit, and the
// start waited for it (100-270 ms, measured).
export async function findSnapshot(url) {
  const kept = await readSnapshot(url);
  if (!kept) return null;
  const bytes = checked(kept, startChecker());
  bytes.catch(() => {});
  return { read: kept.read, bytes };
}

// In Chromium crypto.subtle hashes on the page's thread (37.7 MB: 60 ms at 1x CPU, 250 at 4x,
// no other task meanwhile; measured, issue 33): a worker does it. The promise of the worker once
// it says it is ready; null where none starts or loads (no module workers: Firefox before 114,
// iOS before 15), and the page hashes the bytes itself. Its failure to load is heard from the
// start: heard only once the bytes were sent, the start waited forever.
function startChecker() {
  let worker;
  try {
    worker = new Worker(new URL("./snapshot-check.mjs", import.meta.url), { type: "module" });
  } catch {
    return Promise.resolve(null);
  }
  return new Promise((resolve) => {
    worker.addEventListener("message", () => resolve(worker), { once: true });
    worker.addEventListener(
      "error",
      () => {
        worker.terminate();
        resolve(null);
      },
      { once: true },
    );
  });
}

async function checked({ bytes: read, digest }, checker) {
  let bytes;
  try {
    bytes = await read;
    performance.mark("rulekeeper-snapshot-read");
  } finally {
    if (!bytes) checker.then((worker) => worker?.terminate());
  }
  const worker = await checker;
  const [found, back] = worker ? await digestIn(worker, bytes) : [await sha256(bytes), bytes];
  if (!digest || found !== digest) {
    throw new Error("the start-up snapshot is damaged (its SHA-256 differs from the one kept)");
  }
  performance.mark("rulekeeper-snapshot-checked");
  return back;
}

// The digest of `bytes` and the bytes themselves: handed to the worker and back (transferred, not
// copied: a structured-clone copy of 37.7 MB blocked the page's thread 84-106 ms at 1x CPU and
// 100-160 ms at 4x, more than the hash it moved off it; measured, issue 33).
function digestIn(worker, bytes) {
  return new Promise((resolve, reject) => {
    worker.addEventListener("message", ({ data }) =>
      data.failed ? reject(new Error(data.failed)) : resolve([data.digest, data.bytes]),
    );
    worker.addEventListener("error", (event) => reject(new Error(event.message)));
    worker.postMessage(bytes, [bytes.buffer]);
  }).finally(() => worker.terminate());
}

export async function dropSnapshots() {
  try {
    await caches.delete(CACHE);
  } catch {
    // nothing kept, nothing to drop
  }
}

// The runtime's wasm, compiled as soon as a start begins (issue 33): pyodide.mjs would fetch and
// compile it only once loadPyodide has the snapshot's bytes, after their 37.7 MB read.
export function compileRuntime(base) {
  return WebAssembly.compileStreaming(fetch(new URL("./vendor/pyodide/pyodide.asm.wasm", base)));
}

// A snapshot's wasm memory: what follows its header (Pyodide's layout: the header's length is
// its second 32-bit word).
export const memoryOf = (bytes) => bytes.length - new Uint32Array(bytes.buffer, bytes.byteOffset, 2)[1];
