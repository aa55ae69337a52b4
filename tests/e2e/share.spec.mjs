// Share links hold the whole view: a link opened in a fresh browser shows exactly the same
// thing; a damaged link opens with what could be read and says what was left out; links made
// before (no version, old keys) keep working.
import { test, expect, openAtlas, sortBy, untilTheAppRuns } from './fixtures.mjs';

const rows = (page) => page.locator('#catalog tbody tr[data-offer]');
const offerIds = (page) => rows(page).evaluateAll((trs) => trs.map((tr) => tr.dataset.offer));
const headers = (page) => page.locator('#catalog thead th[data-col]').evaluateAll((ths) => ths.map((th) => th.dataset.col));

test('a rich view survives a trip through a link into a fresh browser', async ({ page, browser }) => {
  await openAtlas(page, '?lang=en');
  await page.locator('#search').fill('a100');
  await page.locator('[data-filter="vendor-nvidia"]').check();
  await page.locator('#range-mem').fill('>=40');
  await page.locator('#currency').selectOption('CNY');
  await page.locator('#basis').selectOption('accelerator');
  await page.locator('#duration').selectOption('month');
  await sortBy(page, 'memory');
  await page.locator('#columns-menu summary').click();
  await page.locator('#columns-menu input[data-col="bandwidth"]').check();
  await page.locator('#columns-menu summary').click();
  await page.locator('#catalog tbody td.select input').nth(1).check();
  const count = await page.getByTestId('shown-count').innerText();
  const order = await offerIds(page);
  const cols = await headers(page);

  // The address already holds the view; the Share menu shows the same link.
  await page.locator('#share-menu summary').click();
  const link = await page.locator('#share-link').inputValue();
  expect(link).toBe(page.url());
  expect(new URL(link).searchParams.get('v')).toBe('1');
  expect(link).toContain('q=a100');
  await expect(page.locator('#share-qr')).toBeVisible();

  const fresh = await browser.newContext();
  const other = untilTheAppRuns(await fresh.newPage());
  await other.goto(link);
  await expect(other.locator('#catalog tbody tr[data-offer]').first()).toBeVisible();
  await expect(other.getByTestId('shown-count')).toHaveText(count);
  // The same order; each page renders the rows its window shows, so compare those both have.
  const again = await offerIds(other);
  const both = Math.min(again.length, order.length);
  expect(both).toBeGreaterThan(5);
  expect(again.slice(0, both)).toEqual(order.slice(0, both));
  expect(await headers(other)).toEqual(cols);
  await expect(other.locator('#currency')).toHaveValue('CNY');
  await expect(other.locator('#search')).toHaveValue('a100');
  await expect(other.getByTestId('selected-count')).toHaveText('1');
  await expect(other.locator('th[data-col="memory"]')).toHaveAttribute('aria-sort', 'descending');
  await fresh.close();
});

test('a damaged link opens with what could be read and lists the rest', async ({ page }) => {
  await page.goto('?v=1&lang=en&q=h100&mem=lots&cur=xyz&sel=aws%2Fp5.48xlarge,aws%2Fno-such-offer&bogus=1');
  await expect(page.locator('#catalog tbody tr[data-offer]').first()).toBeVisible();
  const notice = page.locator('#link-notice');
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('mem=lots');
  await expect(notice).toContainText('cur=xyz');
  await expect(notice).toContainText('aws/no-such-offer');
  await expect(notice).toContainText('bogus');
  // What could be read applies: the search and the one offer that exists.
  await expect(page.locator('#search')).toHaveValue('h100');
  await expect(page.getByTestId('selected-count')).toHaveText('1');
  await page.locator('#dismiss-link-notice').click();
  await expect(notice).toHaveCount(0);
});

test("a link's USD→CNY rate far from the reference is refused in its notice, and the address drops it", async ({ page }) => {
  // 700 CNY to the dollar: a number the decoder reads, but 100× the reference rate.
  await page.goto('?lang=en&cur=CNY&rate=700&q=h100');
  await expect(page.locator('#catalog tbody tr[data-offer]').first()).toBeVisible();
  const notice = page.locator('#link-notice');
  await expect(notice).toContainText('rate=700');
  await expect(notice).toContainText('outside the allowed range');
  // Nothing claims the refused rate is in force, and the address no longer carries it.
  await expect(page.locator('#custom-rate-marker')).toHaveCount(0);
  await expect(page).not.toHaveURL(/rate=700/);
  // What else the link said still applies.
  await expect(page.locator('#search')).toHaveValue('h100');
  await expect(page.locator('#currency')).toHaveValue('CNY');
});

test('links from before keep working: no version number, readable keys', async ({ page }) => {
  await page.goto('?lang=en&gpu=h100-sxm5-80gb&cur=cny&sort=-price');
  await expect(page.locator('#catalog tbody tr[data-offer]').first()).toBeVisible();
  await expect(page.locator('#link-notice')).toHaveCount(0);
  await expect(page.locator('.chips .chip')).toHaveCount(1);
  await expect(page.locator('#currency')).toHaveValue('CNY');
  await expect(page.locator('th[data-col="price"]')).toHaveAttribute('aria-sort', 'descending');
  const labels = await page.locator('#catalog td.accelerator').allInnerTexts();
  expect(labels.length).toBeGreaterThan(0);
  for (const l of labels) expect(l).toContain('H100 SXM5 80GB');
});

test('the address follows the view without adding history entries', async ({ page }) => {
  await openAtlas(page, '?lang=en');
  const before = await page.evaluate(() => history.length);
  await page.locator('#search').fill('l4');
  await page.locator('#term').selectOption('spot');
  await expect(page).toHaveURL(/q=l4/);
  await expect(page).toHaveURL(/term=spot/);
  expect(await page.evaluate(() => history.length)).toBe(before);
  // A ranking view travels too.
  await page.locator('#mode-rank').click();
  await page.locator('[data-scenario="training"]').click();
  await expect(page).toHaveURL(/mode=rank/);
  await expect(page).toHaveURL(/scn=training/);
});

test('a 20 kB link reaches the app, opens with what it holds and says it is too long', async ({ page }) => {
  const long = `?v=1&lang=en&cur=cny&q=${'h100+'.repeat(4000)}`;
  expect(long.length).toBeGreaterThan(20_000);
  const response = await page.goto(long);
  expect(response.status()).toBe(200);
  await expect(page.locator('#catalog tbody tr[data-offer]').first()).toBeVisible();
  await expect(page.locator('#link-notice')).toContainText('longer than the 2,000 characters a link may hold');
  await expect(page.locator('#currency')).toHaveValue('CNY');
  // The address is rewritten within the limit, keeping what was read.
  await expect.poll(() => new URL(page.url()).search.length).toBeLessThanOrEqual(2001);
  expect(new URL(page.url()).searchParams.get('cur')).toBe('cny');
});

test('a view too long for a link gets a link within the limit, and the share menu says what it leaves out', async ({ page }) => {
  await openAtlas(page, '?lang=en');
  await page.locator('#currency').selectOption('CNY');
  await page.locator('#search').fill('h100 '.repeat(600));
  await page.locator('#share-menu summary').click();
  await expect(page.locator('#share-too-long')).toContainText('at most 2,000 characters');
  await expect(page.locator('#share-too-long')).toContainText('leaves out: q.');
  const link = new URL(await page.locator('#share-link').inputValue());
  expect(link.search.length).toBeLessThanOrEqual(2001);
  expect(link.searchParams.get('cur')).toBe('cny');
  expect(link.searchParams.get('q')).toBeNull();
  // A short search fits again, and the message goes.
  await page.locator('#share-menu summary').click();
  await page.locator('#search').fill('h100');
  await page.locator('#share-menu summary').click();
  await expect(page.locator('#share-too-long')).toHaveCount(0);
  expect(new URL(await page.locator('#share-link').inputValue()).searchParams.get('q')).toBe('h100');
});
