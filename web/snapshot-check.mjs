// A worker: reads the kept start-up snapshot from Cache Storage and works out its SHA-256, off the
// page's thread, then hands the bytes over (transferred, not copied: snapshot-store.mjs's
// findSnapshot, issue 33). Read on the page's thread, the 37.7 MB came through it in chunks, so
// the page could not make the runtime's module meanwhile (175 ms at 1x CPU, measured): the read
// and the check were on the start's path one after the other.
import { CACHE, DIGEST, sha256 } from "./snapshot-store.mjs";

self.addEventListener("message", async ({ data: { url, check } }) => {
  let found = false;
  try {
    const hit = await (await caches.open(CACHE)).match(url);
    found = Boolean(hit);
    self.postMessage({ found });
    if (!hit) return;
    const bytes = new Uint8Array(await hit.arrayBuffer());
    self.postMessage({ read: true });
    if (check && (await sha256(bytes)) !== hit.headers.get(DIGEST)) {
      throw new Error("the start-up snapshot is damaged (its SHA-256 differs from the one kept)");
    }
    self.postMessage({ bytes }, [bytes.buffer]);
  } catch (error) {
    self.postMessage(found ? { failed: String(error) } : { found: null });
  }
});
