// Runs right after the pre-rendered screens are parsed: keeps the one in the page's language
// (start.js chose it) and folds the filters on a narrow screen, as the app does.
(() => {
  const english = document.getElementById('prerendered');
  const chinese = document.getElementById('prerendered-zh');
  if (document.documentElement.lang === 'zh-CN') english.replaceWith(chinese.content);
  chinese.remove();
  const fold = document.querySelector('#prerendered .filters-fold');
  if (fold && innerWidth <= 800) fold.open = false;
})();
