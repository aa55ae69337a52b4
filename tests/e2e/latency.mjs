// Rough interaction timings of a served build (a measurement, not a test): time from an input
// event until the next frame after the app has updated the table.
//   scripts/serve.sh &   then   node tests/e2e/latency.mjs http://127.0.0.1:8080/gpu-atlas/
import { chromium } from '@playwright/test';

const url = process.argv[2] || 'http://127.0.0.1:8080/gpu-atlas/';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
const started = Date.now();
await page.goto(url);
await page.locator('#catalog tbody tr[data-offer]').first().waitFor();
console.log(`navigation to first table rows: ${Date.now() - started} ms`);
const timings = await page.evaluate(async () => {
  const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  const time = async (act) => {
    const t = performance.now();
    act();
    await frame();
    return performance.now() - t;
  };
  const search = document.querySelector('#search');
  const typing = (q) => () => {
    search.value = q;
    search.dispatchEvent(new Event('input', { bubbles: true }));
  };
  const sort = () => document.querySelector('th[data-col="price"] button').click();
  const currency = (c) => () => {
    const s = document.querySelector('#currency');
    s.value = c;
    s.dispatchEvent(new Event('change', { bubbles: true }));
  };
  const out = { search: [], clear: [], sort: [], currency: [] };
  for (let i = 0; i < 10; i++) {
    out.search.push(await time(typing('h100')));
    out.clear.push(await time(typing('')));
    out.sort.push(await time(sort));
    out.currency.push(await time(currency(i % 2 ? 'USD' : 'CNY')));
  }
  return out;
});
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
for (const [name, xs] of Object.entries(timings)) {
  console.log(`${name.padEnd(9)} p50 ${pct(xs, 0.5).toFixed(1)} ms   p95 ${pct(xs, 0.95).toFixed(1)} ms`);
}
await browser.close();
