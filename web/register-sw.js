// Register the Workbox service worker generated at build time. The relative URL keeps its scope
// to this folder, so the app works from any sub-path.
if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("./sw.js").catch((err) => {
    console.warn("service worker not registered:", err);
  });
}
