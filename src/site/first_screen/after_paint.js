// GPU Atlas: the app starts after the pre-rendered page's first paint, so its compile and its
// first work never hold up what the page shows first. (Its downloads, the wasm and the catalog,
// started from the head at low priority.)
await new Promise((painted) => requestAnimationFrame(() => setTimeout(painted)));
