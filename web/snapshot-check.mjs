// A worker: the SHA-256 of the start-up snapshot's bytes it is sent (a copy), off the page's
// thread (snapshot-store.mjs's findSnapshot, issue 33).
import { sha256 } from "./snapshot-store.mjs";

self.addEventListener("message", async ({ data: bytes }) => {
  try {
    self.postMessage({ digest: await sha256(bytes) });
  } catch (error) {
    self.postMessage({ failed: String(error) });
  }
});
