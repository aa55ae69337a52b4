// The hooks the benchmark harness (bench/, scripts/bench.sh) relies on. Behaviour only: no
// time is asserted here.
import { test, expect, openAtlas } from './fixtures.mjs';

const rowCount = async (page) => Number(await page.locator('#catalog').getAttribute('aria-rowcount')) - 1;
const painted = (page) =>
  page.waitForFunction(() => performance.getEntriesByName('gpu-atlas:table-painted').length === 1);

test('the app marks the first paint of the table once', async ({ page }) => {
  await openAtlas(page, '?lang=en');
  await painted(page);
  await page.locator('#search').fill('h100');
  await page.locator('#search').fill('');
  expect(await page.evaluate(() => performance.getEntriesByName('gpu-atlas:table-painted').length)).toBe(1);
});

test('?bench-offers multiplies the catalog, within bounds, and is no view setting', async ({ page }) => {
  await openAtlas(page, '?lang=en');
  const real = await rowCount(page);

  await openAtlas(page, '?lang=en&bench-offers=5000&bench-timings');
  await painted(page);
  const big = await rowCount(page);
  // 5,000 offers from the ~1,000 listed: about five times the rows (fewer as the catalog grows).
  expect(big).toBeGreaterThan(real * 4);
  expect(big).toBeLessThanOrEqual(5000);
  // Copies are offers like any other: searchable by their instance name.
  await page.locator('#search').fill('~3');
  expect(await rowCount(page)).toBeGreaterThan(0);
  // Neither switch is reported as an unknown link setting.
  await expect(page.locator('#link-notice')).toHaveCount(0);
  // Engine timings were recorded.
  expect(await page.evaluate(() => performance.getEntriesByName('gpu-atlas:show', 'measure').length)).toBeGreaterThan(0);

  for (const bad of ['0', '-3', '10k', '200001']) {
    await openAtlas(page, `?lang=en&bench-offers=${bad}`);
    expect(await rowCount(page), bad).toBe(real);
    // Without ?bench-timings, nothing is measured.
    expect(await page.evaluate(() => performance.getEntriesByType('measure').length)).toBe(0);
  }
});

test('?bench-timings measures each part of the page as it is built, in its own turn and in order', async ({ page }) => {
  // The parts are the start's tasks after the first paint; a part too big for a phone is split
  // into two turns (today's families, then its lines; the bar's fields, then its menus).
  await openAtlas(page, '?lang=en&bench-timings');
  await painted(page);
  const parts = await page.evaluate(() =>
    performance
      .getEntriesByType('measure')
      .filter((m) => m.name.startsWith('gpu-atlas:part:'))
      .map((m) => [m.name.slice('gpu-atlas:part:'.length), m.startTime, m.startTime + m.duration]),
  );
  expect(parts.map(([name]) => name)).toEqual([
    'header', 'filters', 'controls', 'bar-menus', 'today', 'today-lines',
    'chips', 'calculator', 'results', 'rows', 'footer',
  ]);
  for (let i = 1; i < parts.length; i++) expect(parts[i][1]).toBeGreaterThanOrEqual(parts[i - 1][2]);
  // The page they built is the one on screen: today's lines and the bar's menus are there.
  await expect(page.locator('#today li.today-line').first()).toBeVisible();
  await expect(page.locator('.control-buttons details').first()).toBeVisible();
});
