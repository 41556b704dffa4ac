// A worker: the SHA-256 of the start-up snapshot's bytes it is handed, worked out off the page's
// thread, sent back with the bytes (both ways transferred, not copied: snapshot-store.mjs's
// findSnapshot, issue 33).
import { sha256 } from "./snapshot-store.mjs";

self.addEventListener("message", async ({ data: bytes }) => {
  try {
    self.postMessage({ digest: await sha256(bytes), bytes }, [bytes.buffer]);
  } catch (error) {
    self.postMessage({ failed: String(error) });
  }
});
self.postMessage("ready"); // loaded: findSnapshot may hand it the bytes
