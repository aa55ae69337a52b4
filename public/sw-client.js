// Registers the service worker and tells the app when a new version is waiting; the app
// answers with 'gpu-atlas-reload' when the user agrees. A tab never swaps versions on its
// own: the old version keeps running until the user reloads into the new one as a whole.
// Registered once the app has taken over the page (its 'gpu-atlas-ready' event, after that
// frame is painted): installing the worker reads and stores every file (the wasm and the
// catalog are 5 MB), which begun at the page's load slowed a first visitor's start by 150–200
// ms on a 2-core machine (a search typed at once answered at 889 ms instead of 674–753). By
// then the page has downloaded them all, so the worker takes them from the browser's HTTP cache
// instead of downloading them a second time. A page whose app never takes over (it failed to
// start) registers ten seconds after its load.
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
  var registered = false;
  var once = function () {
    if (!registered) {
      registered = true;
      register();
    }
  };
  window.addEventListener('gpu-atlas-ready', once, { once: true });
  var fallback = function () { setTimeout(once, 10000); };
  if (document.readyState === 'complete') fallback();
  else window.addEventListener('load', fallback);
}
