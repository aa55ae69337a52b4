// Which parts of the page each benchmark action rewrites: a MutationObserver over the whole
// document counts added and removed nodes, attribute and text changes per input, grouped by
// the nearest ancestor with an id (or a class). A diagnostic beside bench/profile.mjs:
//   node bench/mutations.mjs --url http://127.0.0.1:8080/gpu-atlas/ [--repeats 10]
import { chromium } from 'playwright-core';
import { INIT, pageUrl, waitPainted } from './page.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : fallback;
};
const base = option('--url', 'http://127.0.0.1:8080/gpu-atlas/');
const repeats = 2 * Math.ceil(Number(option('--repeats', '10')) / 2);
const ACTIONS = ['search', 'vendor', 'sort', 'currency', 'weight', 'chart', 'marketCurrency', 'marketRegion'];

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, serviceWorkers: 'block' });
await context.addInitScript(INIT);
const page = await context.newPage();
await page.goto(pageUrl(base, 'real', false), { waitUntil: 'domcontentloaded' });
await waitPainted(page);
await page.evaluate(() => {
  const where = (node) => {
    for (let n = node.nodeType === 1 ? node : node.parentElement; n; n = n.parentElement) {
      if (n.id) return `#${n.id}`;
    }
    return '(body)';
  };
  window.__mutations = {};
  new MutationObserver((records) => {
    for (const r of records) {
      const key = `${where(r.target)} ${r.type}${r.type === 'attributes' ? `:${r.attributeName}` : ''}`;
      const n = r.type === 'childList' ? r.addedNodes.length + r.removedNodes.length : 1;
      window.__mutations[key] = (window.__mutations[key] || 0) + n;
    }
  }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
});
for (const action of ACTIONS) {
  if (action === 'weight') await page.evaluate(() => window.__bench.sample('rankMode', 0));
  if (action === 'chart') await page.evaluate(() => window.__bench.sample('chartsMode', 0));
  if (action === 'marketCurrency') await page.evaluate(() => window.__bench.sample('marketMode', 0));
  await page.evaluate(() => (window.__mutations = {}));
  for (let i = 0; i < repeats; i++) await page.evaluate(([n, k]) => window.__bench.sample(n, k), [action, i]);
  await new Promise((r) => setTimeout(r, 100));
  const m = await page.evaluate(() => window.__mutations);
  const rows = Object.entries(m).sort((a, b) => b[1] - a[1]).slice(0, 12);
  process.stdout.write(`\n${action} (per input):\n${rows.map(([k, v]) => `  ${(v / repeats).toFixed(1).padStart(7)}  ${k}`).join('\n')}\n`);
}
await browser.close();
