// GPU Atlas: the app starts after the pre-rendered page's first paint, so its downloads (the
// wasm, then the catalog beside it) never compete with what the page shows first.
await new Promise((painted) => requestAnimationFrame(() => setTimeout(painted)));
document.head.append(Object.assign(document.createElement('link'), {
  rel: 'preload', as: 'fetch', crossOrigin: 'anonymous', type: 'application/json',
  href: document.querySelector('meta[name=gpu-atlas-catalog]').content,
}));
