// The first screen: the whole catalog as one sortable table, under a GitHub Pages sub-path.
import { readFileSync } from 'node:fs';
import { test, expect, openAtlas, sortBy } from './fixtures.mjs';

const expected = JSON.parse(readFileSync(new URL('../../target/e2e-expectations.json', import.meta.url), 'utf8'));

const rows = (page) => page.locator('#catalog tbody tr[data-offer]');

/** The cells of one column, in display order. */
async function columnTexts(page, key) {
  const index = await page
    .locator('#catalog thead th')
    .evaluateAll((ths, key) => ths.findIndex((th) => th.dataset.col === key), key);
  expect(index).toBeGreaterThanOrEqual(0);
  return rows(page).locator(`td:nth-child(${index + 1})`).allInnerTexts();
}

/** The whole current view, in display order, as the JSON export writes it. */
async function exportedRows(page) {
  await page.locator('#export-menu summary').click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.locator('[data-export="download-json"]').click(),
  ]);
  await page.locator('#export-menu summary').click();
  return JSON.parse(readFileSync(await download.path(), 'utf8')).rows;
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
  // Offers sold only reserved, monthly or serverless (per second, scaled to zero) appear
  // under those terms, not on-demand: the engine's count is the browser's.
  expect(shown).toBe(expected.counts.default);
  expect(shown).toBeGreaterThan(total * 0.85);
  // The table says how many rows it has, though it keeps only those on screen in the page.
  await expect(page.locator('#catalog')).toHaveAttribute('aria-rowcount', String(shown + 1));
  // It renders the rows the window shows of it: with its frame on screen, a screenful.
  await page.locator('.table-wrap').evaluate((el) => el.scrollIntoView());
  await expect.poll(() => rows(page).count()).toBeGreaterThan(10);
  // Scrolling to the end brings the last rows in (with the table's frame on screen: rows
  // below the window's edge are not rendered until the page scrolls to them).
  await page.locator('.table-wrap').evaluate((el) => {
    el.scrollIntoView();
    el.scrollTop = el.scrollHeight;
  });
  await expect(rows(page).last()).toHaveAttribute('aria-rowindex', String(shown + 1));
  await expect(page.locator('#panic-notice')).toHaveCount(0);
});

test('only rows the window shows are in the page, and more come as the page scrolls', async ({ page }) => {
  // A tall window: at the top of the list the first 24 rows are always rendered (the static
  // first screen's rows, engine::present::window::FIRST_ROWS), and here the screen shows more.
  await page.setViewportSize({ width: 1280, height: 2000 });
  await openAtlas(page);
  const frame = page.locator('.table-wrap');
  // The last rendered row reaches the bottom of what the window shows of the table.
  const coversScreen = () =>
    frame.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const rendered = el.querySelectorAll('tbody tr[data-offer]');
      const last = rendered[rendered.length - 1].getBoundingClientRect();
      return last.bottom >= Math.min(box.bottom, innerHeight);
    });
  expect(await coversScreen()).toBe(true);
  const before = await rows(page).count();
  // The frame's top is far down the page at first: scrolling the page shows more of it.
  await page.mouse.wheel(0, 400);
  await expect.poll(() => rows(page).count()).toBeGreaterThan(before);
  await expect.poll(coversScreen).toBe(true);
});

test('every platform of the source article and beyond is in the table', async ({ page }) => {
  await openAtlas(page);
  // Each provider is listed in the filter panel, and filtering by it shows its offers.
  for (const provider of [
    'aws', 'gcp', 'azure', 'oci', 'tencent', 'alibaba', 'lambda', 'paperspace', 'autodl',
    'featurize', 'runpod', 'vast', 'coreweave', 'jarvislabs',
  ]) {
    const box = page.locator(`[data-filter="provider-${provider}"]`);
    await box.check();
    expect(await rows(page).count(), `provider ${provider}`).toBeGreaterThan(0);
    const ids = await rows(page).evaluateAll((trs) => trs.map((tr) => tr.dataset.offer));
    expect(ids.every((id) => id.startsWith(provider + '/'))).toBe(true);
    await box.uncheck();
  }
  // Every instance family of the article, found by searching for it as a user would.
  const families = [
    ['p4d.24xlarge', 'aws/p4d.'], ['p4de', 'aws/p4de.'], ['p5.48xlarge', 'aws/p5.'], ['p5en', 'aws/p5en.'],
    ['p3.2xlarge', 'aws/p3.'], ['g5.xlarge', 'aws/g5.'], ['g4dn', 'aws/g4dn.'], ['dl1', 'aws/dl1.'],
    ['a3-highgpu', 'gcp/a3-'], ['a2-highgpu', 'gcp/a2-highgpu'], ['a2-ultragpu', 'gcp/a2-ultragpu'],
    ['g2-standard', 'gcp/g2-'], ['n1 t4', 'gcp/n1-'], ['n1 v100', 'gcp/n1-'], ['tpu-v4', 'gcp/tpu-v4'],
    ['v5litepod', 'gcp/tpu-v5litepod'], ['tpu-v5p', 'gcp/tpu-v5p'], ['tpu-v6e', 'gcp/tpu-v6e'],
    ['GN10Xp', 'tencent/GN10Xp.'], ['GN10X.', 'tencent/GN10X.'], ['GN7.', 'tencent/GN7.'],
    ['GT4', 'tencent/GT4.'], ['PNV4', 'tencent/PNV4.'], ['GN8', 'tencent/GN8.'],
    ['gn7i', 'alibaba/ecs.gn7i-'], ['gn6v', 'alibaba/ecs.gn6v-'], ['gn6e', 'alibaba/ecs.gn6e-'],
    ['gn6i', 'alibaba/ecs.gn6i-'], ['gn7-c', 'alibaba/ecs.gn7-'],
  ];
  for (const [query, prefix] of families) {
    await page.locator('#search').fill(query);
    const ids = await rows(page).evaluateAll((trs) => trs.map((tr) => tr.dataset.offer));
    expect(ids.some((id) => id.startsWith(prefix)), `${query} → ${prefix}`).toBe(true);
  }
  // AMD and Intel accelerators are first-class rows.
  await page.locator('#search').fill('mi300x');
  await expect(page.locator('#catalog td.accelerator', { hasText: 'MI300X' }).first()).toBeVisible();
  await page.locator('#search').fill('gaudi');
  await expect(page.locator('#catalog td.accelerator', { hasText: 'Gaudi' }).first()).toBeVisible();
  // Paperspace's Gradient free tier is there and reads "free", not "unknown".
  await page.locator('#search').fill('paperspace free');
  const free = page.locator('#catalog tr[data-offer^="paperspace/gradient-free"]');
  expect(await free.count()).toBeGreaterThan(0);
  await expect(free.first().locator('td.price').first()).toHaveText('free');
});

test('sorting by price puts numbers in order and unknowns last, both ways', async ({ page }) => {
  await openAtlas(page);
  const header = page.locator('th[data-col="price-per-accelerator"]');
  // The default sort is by price per accelerator-hour, cheapest first.
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await sortBy(page, 'price');
  await expect(page.locator('th[data-col="price"]')).toHaveAttribute('aria-sort', 'ascending');
  await expect(header).toHaveAttribute('aria-sort', 'none');

  // The whole view's order, as exported: every price is in the chosen currency (converted
  // ones marked), so the column is in order from first row to last, unknowns (null) last.
  const check = async (ascending) => {
    const values = (await exportedRows(page)).map((r) => r.price);
    const known = values.filter((v) => v !== null);
    expect(known.length).toBeGreaterThan(100);
    const firstUnknown = values.indexOf(null);
    if (firstUnknown >= 0) expect(values.slice(firstUnknown).every((v) => v === null)).toBe(true);
    expect(known).toEqual([...known].sort((a, b) => (ascending ? a - b : b - a)));
    // What the table shows on top matches the export.
    const shown = (await columnTexts(page, 'price')).map(amount).filter((v) => v !== null);
    expect(shown[0]).toBeCloseTo(known[0], 2);
  };
  await check(true);
  await sortBy(page, 'price');
  await expect(page.locator('th[data-col="price"]')).toHaveAttribute('aria-sort', 'descending');
  await check(false);
});

test('numeric columns sort as numbers, not as text', async ({ page }) => {
  await openAtlas(page);
  await sortBy(page, 'memory');
  await expect(page.locator('th[data-col="memory"]')).toHaveAttribute('aria-sort', 'descending');
  const memory = (await exportedRows(page)).map((r) => r.memory).filter((v) => v !== null);
  expect(memory.length).toBeGreaterThan(100);
  expect(memory).toEqual([...memory].sort((a, b) => b - a));
  const top = (await columnTexts(page, 'memory')).map(amount);
  expect(top[0]).toBe(memory[0]);
  // Text columns sort alphabetically, case-insensitively.
  await sortBy(page, 'provider');
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
  // Stale prices carry a visible "old" badge, not just a colour: oldest first to see them.
  await sortBy(page, 'as-of');
  await sortBy(page, 'as-of');
  await expect(page.locator('th[data-col="as-of"]')).toHaveAttribute('aria-sort', 'ascending');
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

test.describe('the catalog as its own file', () => {
  test('the page names and preloads one content-hashed catalog file, fetched once', async ({ page }) => {
    const fetched = [];
    page.on('request', (req) => {
      if (/catalog-[0-9a-f]{16}\.json$/.test(req.url())) fetched.push(req.url());
    });
    await openAtlas(page);
    const name = await page.locator('meta[name="gpu-atlas-catalog"]').getAttribute('content');
    expect(name).toMatch(/^catalog-[0-9a-f]{16}\.json$/);
    await expect(page.locator(`link[rel="preload"][href="${name}"]`)).toHaveCount(1);
    // The preload is the download the app uses: one request for the file.
    expect(fetched.length).toBe(1);
  });
});

test.describe('a missing catalog file', () => {
  test.use({ expectedErrors: /404|Failed to load resource|catalog-[0-9a-f]{16}\.json/ });
  test('says the catalog could not be downloaded, never a blank page', async ({ page }) => {
    await page.route(/catalog-[0-9a-f]{16}\.json$/, (route) => route.fulfill({ status: 404, body: 'gone' }));
    await page.goto('');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('GPU Atlas could not load its catalog');
    await expect(alert).toContainText('(HTTP 404)');
  });
});

test.describe('a damaged catalog file', () => {
  test('says the file is damaged, never a blank page', async ({ page }) => {
    await page.route(/catalog-[0-9a-f]{16}\.json$/, (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"providers": [' }),
    );
    await page.goto('');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('GPU Atlas could not load its catalog');
    await expect(alert).toContainText('the catalog file is damaged');
  });
});
