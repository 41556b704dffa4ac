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

// The kept snapshot as the page's thread reads it: the promises of its read's end and of its
// bytes, and the digest it was stored with. Null: none kept, or no Cache Storage (a private
// window). `threadFree`: what the page's thread must wait for before it is taken by the runtime's
// module (snapshot.mjs), here the read itself (read meanwhile, the bytes came only after it).
export async function readSnapshot(url) {
  try {
    const hit = await (await caches.open(CACHE)).match(url);
    if (!hit) return null;
    const bytes = hit.arrayBuffer().then((buffer) => new Uint8Array(buffer));
    bytes.catch(() => {}); // a failed read fails the restore, which starts the normal way
    bytes.then(() => performance.mark("rulekeeper-snapshot-read"), () => {});
    const threadFree = bytes.then(() => {});
    threadFree.catch(() => {});
    return { threadFree, bytes, digest: hit.headers.get(DIGEST) };
  } catch {
    return null;
  }
}

// The kept snapshot, its bytes checked (`check`: the benchmark's floor page checks nothing):
// `bytes` rejects for bytes that are not the ones kept (boot.mjs then drops them and starts the
// normal way). A worker reads and checks them (snapshot-check.mjs) while the page's thread makes
// the runtime's module; where no worker loads (no module workers: Firefox before 114, iOS before
// 15) or it cannot look, the page does both itself.
export async function findSnapshot(url, { check = true } = {}) {
  const kept = await readInWorker(url, check);
  if (kept !== undefined) return kept;
  const here = await readSnapshot(url);
  if (!here) return null;
  const bytes = here.bytes.then(async (read) => {
    if (check && (await sha256(read)) !== here.digest) {
      throw new Error("the start-up snapshot is damaged (its SHA-256 differs from the one kept)");
    }
    return read;
  });
  bytes.then(() => performance.mark("rulekeeper-snapshot-checked"), () => {});
  bytes.catch(() => {});
  return { threadFree: here.threadFree, bytes };
}

// The worker's answer: null (none kept), a snapshot whose page's thread is free at once, or
// undefined where the worker did not load or could not look (heard at once: heard only once the
// bytes were due, the start waited forever).
function readInWorker(url, check) {
  let worker;
  try {
    worker = new Worker(new URL("./snapshot-check.mjs", import.meta.url), { type: "module" });
  } catch {
    return Promise.resolve(undefined);
  }
  let answered;
  let arrived;
  let lost;
  const found = new Promise((resolve) => (answered = resolve));
  const bytes = new Promise((resolve, reject) => {
    arrived = resolve;
    lost = reject;
  });
  bytes.catch(() => {});
  const done = (answer) => {
    worker.terminate();
    answered(answer);
  };
  worker.addEventListener("message", ({ data }) => {
    if (data.found === null) done(undefined);
    else if (data.found === false) done(null);
    else if (data.found) answered({ threadFree: Promise.resolve(), bytes });
    else if (data.read) performance.mark("rulekeeper-snapshot-read");
    else if (data.bytes) {
      performance.mark("rulekeeper-snapshot-checked");
      worker.terminate();
      arrived(data.bytes);
    } else {
      worker.terminate();
      lost(new Error(data.failed));
    }
  });
  worker.addEventListener("error", (event) => {
    event.preventDefault();
    lost(new Error(event.message || "the snapshot's worker failed"));
    done(undefined);
  });
  worker.postMessage({ url, check });
  return found;
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
