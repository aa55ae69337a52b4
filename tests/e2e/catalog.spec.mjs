// The first screen: the whole catalog as one sortable table, under a GitHub Pages sub-path.
import { readFileSync } from 'node:fs';
import { test, expect, openAtlas } from './fixtures.mjs';

const expected = JSON.parse(readFileSync(new URL('../../target/e2e-expectations.json', import.meta.url), 'utf8'));

const rows = (page) => page.locator('#catalog tbody tr');

/** The cells of one column, in display order. */
async function columnTexts(page, key) {
  const index = await page
    .locator('#catalog thead th')
    .evaluateAll((ths, key) => ths.findIndex((th) => th.dataset.col === key), key);
  expect(index).toBeGreaterThanOrEqual(0);
  return rows(page).locator(`td:nth-child(${index + 1})`).allInnerTexts();
}

/** "$1,234.50", "≈$0.50" or "¥0.5–0.9" -> 1234.5 / 0.5; "free" -> 0; "unknown" -> null. */
function amount(text) {
  if (text.trim() === 'unknown' || text.trim().startsWith('n/a')) return null;
  if (text.trim() === 'free') return 0;
  const match = text.replace(/,/g, '').match(/[\d.]+/);
  return match ? Number(match[0]) : NaN;
}

test('loads under the sub-path and shows every offer sold on demand or free', async ({ page }) => {
  await openAtlas(page);
  expect(new URL(page.url()).pathname).toBe('/gpu-atlas/');
  const total = Number(await page.getByTestId('offer-count').innerText());
  const shown = Number(await page.getByTestId('shown-count').innerText());
  expect(total).toBeGreaterThan(300);
  // Offers sold only reserved or monthly appear under those terms, not on-demand.
  expect(shown).toBe(expected.counts.default);
  expect(shown).toBeGreaterThan(total * 0.95);
  await expect(rows(page)).toHaveCount(shown);
  await expect(page.locator('#panic-notice')).toHaveCount(0);
});

test('every platform of the source article and beyond is in the table', async ({ page }) => {
  await openAtlas(page);
  const offers = new Set(await rows(page).evaluateAll((trs) => trs.map((tr) => tr.dataset.offer)));
  const providers = new Set([...offers].map((id) => id.split('/')[0]));
  for (const provider of [
    'aws', 'gcp', 'azure', 'oci', 'tencent', 'alibaba', 'lambda', 'paperspace', 'autodl',
    'featurize', 'runpod', 'vast', 'coreweave', 'jarvislabs',
  ]) {
    expect(providers, `provider ${provider}`).toContain(provider);
  }
  const families = {
    aws: [/^p4d\./, /^p4de\./, /^p5\./, /^p5en\./, /^p3\./, /^g5\./, /^g4dn\./, /^dl1\./],
    gcp: [/^a3-/, /^a2-highgpu/, /^a2-ultragpu/, /^g2-/, /^n1-.*t4/, /^n1-.*v100/, /^tpu-v4/, /^tpu-v5litepod/, /^tpu-v5p/, /^tpu-v6e/],
    tencent: [/^GN10Xp\./, /^GN10X\./, /^GN7\./, /^GT4\./, /^PNV4\./, /^GN8\./],
    alibaba: [/gn7i-/, /gn6v-/, /gn6e-/, /gn6i-/, /gn7-/],
  };
  for (const [provider, patterns] of Object.entries(families)) {
    const ids = [...offers].filter((id) => id.startsWith(provider + '/')).map((id) => id.split('/')[1]);
    for (const pattern of patterns) {
      expect(ids.some((id) => pattern.test(id)), `${provider} ${pattern}`).toBe(true);
    }
  }
  // AMD and Intel accelerators are first-class rows.
  await expect(page.locator('#catalog td.accelerator', { hasText: 'MI300X' }).first()).toBeAttached();
  await expect(page.locator('#catalog td.accelerator', { hasText: 'Gaudi' }).first()).toBeAttached();
  // Paperspace's Gradient free tier is there and reads "free", not "unknown".
  const free = page.locator('#catalog tr[data-offer^="paperspace/gradient-free"]');
  expect(await free.count()).toBeGreaterThan(0);
  await expect(free.first().locator('td.price').first()).toHaveText('free');
});

test('sorting by price puts numbers in order and unknowns last, both ways', async ({ page }) => {
  await openAtlas(page);
  const header = page.locator('th[data-col="price-per-accelerator"]');
  // The default sort is by price per accelerator-hour, cheapest first.
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await page.locator('th[data-col="price"] button').click();
  await expect(page.locator('th[data-col="price"]')).toHaveAttribute('aria-sort', 'ascending');
  await expect(header).toHaveAttribute('aria-sort', 'none');

  const check = async (direction) => {
    const values = (await columnTexts(page, 'price')).map(amount);
    const known = values.filter((v) => v !== null);
    expect(known.length).toBeGreaterThan(100);
    // Unknowns form one block at the end.
    const firstUnknown = values.indexOf(null);
    if (firstUnknown >= 0) expect(values.slice(firstUnknown).every((v) => v === null)).toBe(true);
    return known;
  };
  // Every price is shown in the chosen currency (converted ones marked ≈), so the whole
  // column is in order.
  const usdOrder = async () => {
    const texts = await columnTexts(page, 'price');
    return texts.map(amount).filter((v) => v !== null);
  };
  await check('ascending');
  const up = await usdOrder();
  expect(up).toEqual([...up].sort((a, b) => a - b));

  await page.locator('th[data-col="price"] button').click();
  await expect(page.locator('th[data-col="price"]')).toHaveAttribute('aria-sort', 'descending');
  await check('descending');
  const down = await usdOrder();
  expect(down).toEqual([...down].sort((a, b) => b - a));
});

test('numeric columns sort as numbers, not as text', async ({ page }) => {
  await openAtlas(page);
  await page.locator('th[data-col="memory"] button').click();
  await expect(page.locator('th[data-col="memory"]')).toHaveAttribute('aria-sort', 'descending');
  const memory = (await columnTexts(page, 'memory')).map(amount).filter((v) => v !== null);
  expect(memory.length).toBeGreaterThan(100);
  expect(memory).toEqual([...memory].sort((a, b) => b - a));
  // Text columns sort alphabetically, case-insensitively.
  await page.locator('th[data-col="provider"] button').click();
  const names = (await columnTexts(page, 'provider')).map((t) => t.split('\n')[0].toLowerCase());
  expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
});

test('each row links to its source, and old prices look old', async ({ page }) => {
  await openAtlas(page);
  const links = page.locator('#catalog td.as-of a');
  const hrefs = await links.evaluateAll((as) => as.map((a) => [a.getAttribute('href'), a.getAttribute('rel')]));
  expect(hrefs.length).toBe(await rows(page).count());
  for (const [href, rel] of hrefs) {
    expect(href).toMatch(/^https?:\/\//);
    expect(rel).toBe('noopener noreferrer');
  }
  // Stale prices carry a visible "old" badge, not just a colour.
  const stale = page.locator('#catalog td.as-of .date.stale');
  expect(await stale.count()).toBeGreaterThan(0);
  await expect(stale.first().locator('.badge')).toHaveText('old');
  // Unknown is written out, never shown as 0 or left blank.
  await expect(page.locator('#catalog .unknown').first()).toHaveText('unknown');
});

test('the header names the reference exchange rate with its source and date', async ({ page }) => {
  await openAtlas(page);
  const fx = page.locator('.fx');
  await expect(fx).toContainText(/1 USD = \d+\.\d{4} CNY/);
  await expect(fx.locator('a')).toHaveAttribute('href', /^https:\/\//);
  await expect(page.locator('#catalog-stats time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}$/);
});

test('is usable on a phone: the table scrolls inside its frame', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openAtlas(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
  await expect(page.locator('h1')).toBeVisible();
});
