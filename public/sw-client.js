// Registers the service worker and tells the app when a new version is waiting; the app
// answers with 'gpu-atlas-reload' when the user agrees. A tab never swaps versions on its
// own: the old version keeps running until the user reloads into the new one as a whole.
// Registered once the page has loaded: the worker then precaches the files the page has just
// downloaded from the browser's HTTP cache instead of downloading them a second time.
function register() {
  navigator.serviceWorker.register('sw.js').then(function (registration) {
    var announce = function () {
      window.dispatchEvent(new CustomEvent('gpu-atlas-update'));
    };
    if (registration.waiting && navigator.serviceWorker.controller) announce();
    registration.addEventListener('updatefound', function () {
      var worker = registration.installing;
      if (!worker) return;
      worker.addEventListener('statechange', function () {
        if (worker.state === 'installed' && navigator.serviceWorker.controller) announce();
      });
    });
    var asked = false;
    window.addEventListener('gpu-atlas-reload', function () {
      asked = true;
      if (registration.waiting) registration.waiting.postMessage('skip-waiting');
      else location.reload();
    });
    navigator.serviceWorker.addEventListener('controllerchange', function () {
      if (asked) location.reload();
    });
    // Look for a new version now and then while the tab stays open.
    setInterval(function () { registration.update().catch(function () {}); }, 60 * 60 * 1000);
  }).catch(function (error) {
    console.warn('GPU Atlas works without offline support here:', error && error.message);
  });
}

if ('serviceWorker' in navigator) {
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register);
}
