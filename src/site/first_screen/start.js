// Runs in <head>, before the first paint: the page takes the language and theme the app will
// take (the link first, then the saved choice, then the browser's languages — as
// src/ui/app.rs decides), and marks a view the page did not pre-render (a link with its own
// settings, the user's own offers or their discounts), so the pre-rendered answer is not shown
// as that view: its list prices are not the prices this visitor will see.
(() => {
  const root = document.documentElement;
  // Until show.js (English) or choose.js (Chinese) runs: the table waits for all its rows.
  root.classList.add('parsing');
  const query = new URLSearchParams(location.search);
  let saved = {};
  let own = false;
  try {
    saved = JSON.parse(localStorage.getItem('gpu-atlas.preferences')) || {};
    own =
      !['', '[]', null].includes(localStorage.getItem('gpu-atlas.custom-offers')) ||
      !['', null].includes(localStorage.getItem('gpu-atlas.discounts'));
  } catch (e) {
    // Storage refused or unreadable: the app will say so; the page keeps its defaults.
  }
  const lower = (v) => String(v || '').toLowerCase();
  const browser = (navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language])
    .map(lower)
    .find((tag) => tag.startsWith('zh') || tag.startsWith('en'));
  const zh = query.has('lang')
    ? ['zh', 'zh-cn', 'zh-hans', 'zh-hans-cn'].includes(lower(query.get('lang')))
    : saved.lang
      ? saved.lang === 'zh'
      : lower(browser).startsWith('zh');
  root.lang = zh ? 'zh-CN' : 'en';
  const theme = query.has('theme') ? lower(query.get('theme')) : saved.theme;
  if (theme === 'light' || theme === 'dark') root.dataset.theme = theme;
  // The app's two downloads (the wasm and the catalog), begun once. The loader begins them
  // after the first paint (after_paint.js), so they never compete with it; they begin at once
  // for a view the page did not pre-render (it has no answer to paint first), and as soon as
  // the visitor types or clicks (what they asked waits for the app). A link's answer came
  // about 440 ms sooner on a phone-speed CPU over 10 Mbit/s (docs/performance.md, issue 28).
  const acts = ['keydown', 'pointerdown', 'input'];
  const begin = () => {
    for (const type of acts) removeEventListener(type, begin, { capture: true });
    if (root.dataset.downloads) return;
    root.dataset.downloads = 'begun';
    for (const [name, type] of [['gpu-atlas-wasm', 'application/wasm'], ['gpu-atlas-catalog', 'application/json']]) {
      const file = document.querySelector(`meta[name=${name}]`);
      if (file) {
        document.head.append(Object.assign(document.createElement('link'), {
          rel: 'preload', as: 'fetch', crossOrigin: 'anonymous', type, href: file.content,
        }));
      }
    }
  };
  window.gpuAtlasBeginDownloads = begin;
  if (own || [...query.keys()].some((key) => key !== 'lang' && key !== 'theme')) {
    root.dataset.view = 'yours';
    begin();
  } else {
    for (const type of acts) addEventListener(type, begin, { capture: true, passive: true });
  }
  // A link to another mode than the table: the page has no today's prices there (and the market
  // no calculator), so the screen leaves them out from its first paint rather than dropping
  // them, and moving what is under them, when the app answers the link (src/ui/screen_answer.rs).
  const mode = query.get('mode');
  if (['rank', 'charts', 'market'].includes(mode)) root.dataset.mode = mode;
})();
