// GPU Atlas: the app starts after the pre-rendered page's first paint, so its downloads (the
// wasm, and the catalog beside it) never compete with what the page shows first, unless
// start.js has begun them already (a view the page did not pre-render, or a visitor who typed
// or clicked first): then it starts as soon as the page is parsed.
if (!document.documentElement.dataset.downloads) {
  await new Promise((painted) => requestAnimationFrame(() => setTimeout(painted)));
  window.gpuAtlasBeginDownloads();
}
