// Generate dist/sw.js with Workbox: precache the whole site, vendored runtime included.
import { generateSW } from "workbox-build";

const { count, size, warnings } = await generateSW({
  globDirectory: "dist",
  swDest: "dist/sw.js",
  globPatterns: ["**/*.{html,js,mjs,css,json,wasm,zip,whl,py,png,webmanifest}"],
  globIgnores: ["sw.js", "workbox-*.js", "bench/**"],
  // The default 2 MiB limit silently drops the 9.6 MB wasm and the 2.5 MB stdlib.
  maximumFileSizeToCacheInBytes: 32 * 1024 * 1024,
  inlineWorkboxRuntime: true,
  skipWaiting: true,
  clientsClaim: true, // the first visit becomes controlled without a reload
  cleanupOutdatedCaches: true,
  navigateFallback: "index.html",
  navigateFallbackDenylist: [/\/bench\//],
  mode: "production",
  sourcemap: false,
});
if (warnings.length) {
  console.error(warnings.join("\n"));
  process.exit(1);
}
if (!count || count < 40) {
  console.error(`service worker precaches only ${count} files: the build is incomplete`);
  process.exit(1);
}
console.log(`sw.js precaches ${count} files, ${(size / 1048576).toFixed(1)} MiB`);
