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

// The kept snapshot: the promise of its bytes (the 37.7 MB read goes on while the runtime is
// compiled: issue 33), the digest it was stored with (null: none kept or readable), and the
// digest of the bytes kept, worked out by a worker (null: none could; `check` false: none asked,
// for the benchmark's floor page).
export async function findSnapshot(url, { check = true } = {}) {
  try {
    const hit = await (await caches.open(CACHE)).match(url);
    if (!hit) return null;
    const bytes = hit.arrayBuffer().then((buffer) => new Uint8Array(buffer));
    bytes.catch(() => {}); // a failed read fails the restore, which starts the normal way
    // The check begins with the read, beside it: begun with the restore it ended after the
    // restore in Firefox and WebKit, and the start waited for it (100-270 ms, measured). Null:
    // the page hashes the bytes itself.
    const checked = check ? digestInWorker(bytes).catch(() => null) : Promise.resolve(null);
    return { bytes, digest: hit.headers.get(DIGEST), checked };
  } catch {
    return null; // no Cache Storage (a private window): start the normal way
  }
}

// The digest of `bytes` (a promise), worked out by a worker started now, sent a copy once they
// are read: in Chromium crypto.subtle hashes on the page's thread (37.7 MB: 60 ms at 1x CPU, 250
// at 4x, no other task meanwhile; measured, issue 33), and the restore then waited for it.
function digestInWorker(bytes) {
  return new Promise((resolve, reject) => {
    if (typeof Worker === "undefined") throw new Error("no workers here");
    const worker = new Worker(new URL("./snapshot-check.mjs", import.meta.url), { type: "module" });
    const done = (settle) => (value) => {
      worker.terminate();
      settle(value);
    };
    worker.addEventListener("message", ({ data }) =>
      data.failed ? done(reject)(new Error(data.failed)) : done(resolve)(data.digest),
    );
    worker.addEventListener("error", done(reject));
    bytes.then((read) => worker.postMessage(read), done(reject));
  });
}

// Throws for a snapshot whose bytes are not the ones kept (boot.mjs then drops it).
export async function intact({ bytes, digest, checked }) {
  const found = (await checked) ?? (await sha256(await bytes));
  if (!digest || found !== digest) {
    throw new Error("the start-up snapshot is damaged (its SHA-256 differs from the one kept)");
  }
  performance.mark("rulekeeper-snapshot-checked");
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
