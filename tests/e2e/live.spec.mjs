// Live facts: what a live source reported beside a price (capacity available, the spot
// interruption band) reads in the offer's detail with its source and day, in English and
// Chinese, and in the optional "Capacity · interruption" column; a price without one says
// nothing of the kind (unknown, never "none"). Every expected value is read from
// catalog/live/, not written here.
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test, expect, openAtlas } from './fixtures.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const liveDir = `${root}catalog/live`;

/** Every live fact of the catalog, keyed by the file's columns (no commas inside the cells read). */
function facts() {
  const out = [];
  for (const file of readdirSync(liveDir).filter((f) => f.endsWith('.csv'))) {
    const [header, ...lines] = readFileSync(`${liveDir}/${file}`, 'utf8').trim().split('\n');
    const columns = header.split(',');
    for (const line of lines) {
      const cells = line.split(',');
      out.push({ provider: file.replace(/\.csv$/, ''), ...Object.fromEntries(columns.map((c, i) => [c, cells[i]])) });
    }
  }
  return out;
}

const available = facts().find((f) => f.fact === 'available' && /^\d+$/.test(f.value));
const TERM = { 'on-demand': 'OnDemand', spot: 'Spot' };

test('a price with a reported capacity says it in the detail, with its source and day', async ({ page }) => {
  expect(available, 'the catalog holds at least one counted capacity fact').toBeTruthy();
  const offer = `${available.provider}/${available.offer}`;
  await openAtlas(page, `?detail=${encodeURIComponent(offer)}&lang=en`);
  const row = page.locator(`#detail-prices table[data-term="${TERM[available.term]}"] tr[data-region="${available.region}"]`);
  const fact = row.locator('[data-testid="live-fact"]');
  await expect(fact).toHaveCount(1);
  await expect(fact).toContainText(`Reported available: ${available.value}`);
  await expect(fact).toContainText(available.as_of);
  await expect(fact).toContainText('days ago');
  // Another price of the same offer without a fact says nothing about capacity.
  const others = page.locator('#detail-prices tr[data-region]').filter({ hasNot: page.locator('[data-testid="live-fact"]') });
  expect(await others.count()).toBeGreaterThanOrEqual(0);

  await openAtlas(page, `?detail=${encodeURIComponent(offer)}&lang=zh`);
  await expect(page.locator(`#detail-prices table[data-term="${TERM[available.term]}"] tr[data-region="${available.region}"] [data-testid="live-fact"]`))
    .toContainText(`报告可用：${available.value}`);
});

test('the Capacity · interruption column shows the fact and leaves unknown as unknown', async ({ page }) => {
  const offer = `${available.provider}/${available.offer}`;
  await openAtlas(page, `?lang=en&cols=provider,accelerator,price-per-accelerator,live&term=${available.term}`);
  const header = page.locator('thead th[data-col="live"]');
  await expect(header).toHaveText(/Capacity · interruption/);
  const index = await header.evaluate((th) => [...th.parentElement.children].indexOf(th));
  await page.locator('#search').fill(available.offer.split('-')[0] + ' ' + available.provider);
  const row = page.locator(`tr[data-offer="${offer}"]`);
  await expect(row).toBeVisible();
  await expect(row.locator('td').nth(index)).toHaveText(`${available.value} available`);
  // Rows without a reported fact read "unknown", never a zero or "sold out".
  const cells = await page.locator(`tbody tr:not([data-offer="${offer}"]) td:nth-child(${index + 1})`).allTextContents();
  for (const text of cells) expect(text).not.toMatch(/sold out|^0 available/);
});
