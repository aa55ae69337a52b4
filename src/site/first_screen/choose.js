// Runs right after the pre-rendered screens are parsed: keeps the one in the page's language
// (start.js chose it; the stylesheet hides the English screen meanwhile when it is Chinese)
// and shows the table, now that all its rows are here.
(() => {
  const english = document.getElementById('prerendered');
  const chinese = document.getElementById('prerendered-zh');
  if (document.documentElement.lang === 'zh-CN') {
    english.replaceWith(chinese.content);
    // Folded on a phone as the English screen's filters were.
    const fold = document.querySelector('#prerendered .filters-fold');
    if (fold) fold.open = innerWidth > 800;
  }
  chinese.remove();
  document.documentElement.classList.remove('parsing');
})();
