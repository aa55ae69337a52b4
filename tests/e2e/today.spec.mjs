// Today's market on the landing: the accelerators people ask about, each with its cheapest
// current on-demand price, who, where and how old, and the median — readable without
// JavaScript, kept in step with the currency by the app, and each line's price the one the
// table finds when opened on it.
import { test, expect, openAtlas } from './fixtures.mjs';

const line = (page, name) => page.locator(`#today li[data-line="${name}"]`);

/** A line shows a price in `symbol`, its provider and a dated source link. */
async function answers(page, name, symbol) {
  const item = line(page, name);
  await expect(item.locator('.today-price')).toContainText(symbol);
  await expect(item.locator('.today-who .provider')).not.toBeEmpty();
  await expect(item.locator('.today-who a')).toHaveText(/\d{4}-\d{2}/);
  await expect(item.locator('.today-who a')).toHaveAttribute('href', /^https?:\/\//);
  await expect(item.locator('.today-age')).toHaveText(/\((today|yesterday|\d+ (days|months) ago)\)/);
  await expect(item.locator('.today-median')).toContainText('median');
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, expectedErrors: /request failed: .*\.js csp$/ });

  test('the first screen names an H100, an H200 and a B200 price with provider and date', async ({ page }) => {
    await page.gotoStatic('');
    await expect(page.locator('#today-title')).toContainText('Cheapest on demand today');
    for (const name of ['H100 SXM', 'H200', 'B200']) await answers(page, name, '$');
    // The links are real addresses to the table and the market filtered to the line.
    await expect(line(page, 'H100 SXM').locator('a.today-name')).toHaveAttribute('href', /gpu=h100-sxm5-80gb/);
    await expect(line(page, 'H100 SXM').locator('a.today-market')).toHaveAttribute('href', /mode=market.*model=H100/);
  });
});

test('the app keeps the lines in step with the currency, and a line opens the table on its cheapest offer', async ({ page }) => {
  await openAtlas(page, '?lang=en');
  for (const name of ['H100 SXM', 'H200', 'B200']) await answers(page, name, '$');
  await page.locator('#currency').selectOption('EUR');
  for (const name of ['H100 SXM', 'H200', 'B200']) await answers(page, name, '€');

  // Opened, the table filtered to the line sorts cheapest per accelerator first: its first row
  // is the line's offer at the line's price.
  const item = line(page, 'H200');
  const provider = (await item.locator('.today-who .provider').innerText()).trim();
  const price = (await item.locator('.today-price').innerText()).trim();
  await item.locator('a.today-name').click();
  await expect(page).toHaveURL(/gpu=h200/);
  const first = page.locator('#catalog tbody tr[data-offer]').first();
  await expect(first.locator('td.provider')).toContainText(provider);
  await expect(first.locator('td.price-per-accelerator')).toContainText(price.replace(/\s.*$/, ''));

  // The market link opens the market on the family.
  await page.goBack().catch(() => {});
  await openAtlas(page, '?lang=en');
  await line(page, 'B200').locator('a.today-market').click();
  await expect(page).toHaveURL(/mode=market/);
  await expect(page.locator('#market-table tbody tr[data-variant]').first()).toBeVisible();
  await expect(page.locator('#today')).toBeHidden();
  // Hidden, the lines are not kept up; shown again, they follow what changed meanwhile (the
  // view is still filtered to the B200s the market link opened).
  await page.locator('#currency').selectOption('EUR');
  await page.locator('#mode-table').click();
  await expect(page.locator('#today')).toBeVisible();
  await answers(page, 'B200', '€');
});

test('in Chinese the lines read in Chinese and in yuan', async ({ page }) => {
  await openAtlas(page, '?lang=zh&cur=cny');
  await expect(page.locator('#today-title')).toContainText('今日按量最低价');
  await expect(line(page, 'H100 SXM').locator('.today-price')).toContainText('¥');
  await expect(line(page, 'H100 SXM').locator('.today-median')).toContainText('中位数');
});
