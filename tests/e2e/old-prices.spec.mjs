// Old prices never answer "cheapest" unless the user lets them: the table lists them last and
// its order note says so, the market counts them apart, and one switch (link key `old`) lets
// them compete.
import { test, expect, openAtlas } from './fixtures.mjs';

const money = (text) => Number(text.replace(/[^\d.]/g, ''));

test('the first rows are current prices, the order note says old ones come last, and one switch lets them in', async ({ page }) => {
  await openAtlas(page, '?lang=en');
  const note = page.locator('#sort-note');
  await expect(note).toContainText('prices over 18 months old last');
  // None of the first screen's rows carries the "old" mark.
  const firstRows = page.locator('#catalog tbody tr[data-offer]');
  await expect(firstRows.first()).toBeVisible();
  for (let i = 0; i < 20; i += 1) {
    await expect(firstRows.nth(i).locator('td.as-of .date.stale')).toHaveCount(0);
  }
  const firstOffer = await firstRows.first().getAttribute('data-offer');
  // The switch: old prices compete, the link says so, and the words follow.
  const toggle = page.locator('#sort-note #old-prices-toggle');
  await expect(toggle).toHaveText('Count old prices');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveText('Old prices last');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/[?&]old=1/);
  await expect(note).not.toContainText('18 months');
  await toggle.click();
  await expect(page).not.toHaveURL(/[?&]old=1/);
  await expect(firstRows.first()).toHaveAttribute('data-offer', firstOffer);
});

test('the market counts old prices apart and, let in, they can only make a variant cheaper', async ({ page }) => {
  await page.goto('?mode=market&lang=en');
  const rows = page.locator('#market-table tbody tr[data-variant]');
  await expect(rows.first()).toBeVisible();
  await expect(page.locator('#old-prices')).toContainText(/\d+ prices? older than 18 months (is|are) not counted towards cheapest/);
  await expect(page.locator('#sort-note')).toHaveCount(0);
  // Some variant has an old price counted apart in its counts cell.
  const withOld = rows.filter({ hasText: 'old, not counted', visible: true });
  await expect(withOld.first()).toBeVisible();
  const variant = await withOld.first().getAttribute('data-variant');
  const row = page.locator(`#market-table tr[data-variant="${variant}"]`);
  const cheapest = row.locator('td.cheapest');
  const before = (await cheapest.innerText()).trim();
  await page.locator('#old-prices-market-toggle').click();
  await expect(page.locator('#old-prices')).toContainText('count towards cheapest, place and best, like the rest');
  await expect(row).not.toContainText('old, not counted');
  const after = (await cheapest.innerText()).trim();
  if (/^\$/.test(before) && /^\$/.test(after)) {
    expect(money(after)).toBeLessThanOrEqual(money(before));
  }
});

test('a link with old=1 opens with old prices competing, in Chinese too', async ({ page }) => {
  await openAtlas(page, '?lang=zh&old=1');
  await expect(page.locator('#old-prices-toggle')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('#old-prices-toggle')).toHaveText('旧价排后');
  await page.goto('?lang=zh&old=1&mode=market');
  await expect(page.locator('#old-prices')).toContainText('超过 18 个月的价格与其他价格一样参与');
  await expect(page.locator('#old-prices-market-toggle')).toHaveText('不计入');
});
