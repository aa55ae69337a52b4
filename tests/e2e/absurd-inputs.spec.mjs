// Absurd input moves no price: every box refuses what its rule does not allow, says the
// allowed range (the engine's words: src/engine/view/input_rule.rs, custom_rate.rs,
// filters.rs), and the table stays as it was, with the last good value in force. Values are
// typed key by key where a person would, since the keystrokes on the way ("1" of "1e999")
// were once taken as answers.
import { test, expect, openAtlas } from './fixtures.mjs';

const rows = (page) => page.locator('#catalog tbody tr[data-offer]');

/** What the table shows: how many offers, and the first rows' offers and prices. */
async function table(page) {
  const first = rows(page);
  const n = Math.min(await first.count(), 5);
  const top = [];
  for (let i = 0; i < n; i += 1) {
    const row = first.nth(i);
    top.push(`${await row.getAttribute('data-offer')} ${await row.locator('td.price').innerText()}`);
  }
  return { shown: await page.getByTestId('shown-count').innerText(), top };
}

/** The view's link, once the app has written it (it waits for a short pause in typing). */
async function linkParams(page) {
  await page.waitForTimeout(600);
  return new URL(page.url()).searchParams;
}

test('a 99.999 % discount is refused with its range, and no price moves', async ({ page }) => {
  await openAtlas(page, '?lang=en&q=p5.48xlarge');
  const before = await table(page);
  await page.locator('#discounts-menu summary').click();
  await page.locator('#discount-provider').selectOption('aws');
  await page.locator('#discount-percent').pressSequentially('99.999');
  await page.locator('#save-discount').click();
  await expect(page.locator('#discount-message')).toHaveText(
    'A discount must be at most 95 %. Allowed: 0.01 to 95 % (no provider discounts a GPU by more: ' +
      'even spot prices stop near 90 % off; type 15 for −15 %). Your discounts are unchanged.',
  );
  await expect(page.locator('#discount-list li')).toHaveCount(0);
  await expect(page.locator('#catalog .badge.yours')).toHaveCount(0);
  await expect(page.locator('#catalog')).not.toContainText('−100 %');
  expect(await table(page)).toEqual(before);
  expect((await linkParams(page)).get('disc')).toBeNull();
  // The top of the range is allowed, and it is a real discount, not a free GPU.
  await page.locator('#discount-percent').fill('95');
  await page.locator('#save-discount').click();
  await expect(page.locator('#discount-list li')).toHaveCount(1);
  await expect(page.locator('#catalog tr[data-provider="aws"] td.price .badge.yours').first()).toHaveText('−95 %');
});

test('a custom price of 1e-300 is refused with its range, and no free 8×H100 tops the table', async ({ page }) => {
  await openAtlas(page, '?lang=en');
  const before = await table(page);
  await page.locator('#custom-menu summary').click();
  await page.locator('#custom-seller').fill('Acme GPU');
  await page.locator('#custom-name').fill('8x H100 quote');
  await page.locator('#custom-accelerator').selectOption('h100-sxm5-80gb');
  await page.locator('#custom-count').fill('8');
  await page.locator('#custom-price').pressSequentially('1e-300');
  await page.locator('#add-custom').click();
  await expect(page.locator('#custom-message')).toHaveText(
    'The price must be at least 0.01. Allowed: 0.01 to 100,000 USD per instance-hour. Nothing was added.',
  );
  await expect(page.locator('#custom-list li')).toHaveCount(0);
  await expect(page.locator('#catalog tr[data-offer^="custom/"]')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('gpu-atlas.custom-offers'))).toBeNull();
  // Its twin at the other end, per month and in yuan: refused with that unit's range.
  await page.locator('#custom-unit').selectOption('InstanceMonth');
  await page.locator('#custom-currency').selectOption('CNY');
  await page.locator('#custom-price').fill('1e300');
  await page.locator('#add-custom').click();
  await expect(page.locator('#custom-message')).toHaveText(
    'The price must be at most 5,000,000. Allowed: 1 to 5,000,000 CNY per instance-month. Nothing was added.',
  );
  await page.keyboard.press('Escape');
  expect(await table(page)).toEqual(before);
});

test('1e999 as the CNY rate is refused with the band, and the reference rate stays', async ({ page }) => {
  await openAtlas(page, '?lang=en&cur=cny');
  const before = await table(page);
  // Key by key: the "1" on the way is a rate in the band, but it is not the answer.
  await page.locator('#custom-rate').pressSequentially('1e999');
  const error = page.locator('.custom-rate .field-error');
  await expect(error).toHaveText(
    /^Not a finite number\. A USD→CNY rate must be between \d+\.\d\d and \d+\.\d\d \(within 10× of the reference\): the reference rate applies\.$/,
  );
  await expect(page.locator('#custom-rate')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#custom-rate-marker')).toHaveCount(0);
  await expect(page.locator('#status-custom-rate')).toHaveCount(0);
  await expect.poll(() => table(page)).toEqual(before);
  expect((await linkParams(page)).get('rate')).toBeNull();
  // A rate in force stays in force when replaced by one that is refused.
  await page.locator('#custom-rate').fill('8');
  await expect(page.locator('#custom-rate-marker')).toContainText('1 USD = 8 CNY');
  const atEight = await table(page);
  await page.locator('#custom-rate').press('Control+A');
  await page.locator('#custom-rate').pressSequentially('1e999');
  await expect(error).toContainText('Not a finite number. A USD→CNY rate must be between');
  await expect(error).toContainText('your rate of 8 still applies.');
  await expect(page.locator('#custom-rate-marker')).toContainText('1 USD = 8 CNY');
  await expect.poll(() => table(page)).toEqual(atEight);
});

test('0.5 in the month box is refused as not whole, never read as 5, and the last limit stays', async ({ page }) => {
  await openAtlas(page, '?lang=en');
  const months = page.locator('#max-age');
  const error = page.locator('#max-age-error');
  await months.pressSequentially('12');
  await expect(page.locator('ul.chips')).toContainText('12');
  await expect.poll(async () => (await linkParams(page)).get('age')).toBe('12');
  const atTwelve = await table(page);
  await months.press('Control+A');
  await months.pressSequentially('0.5');
  await expect(months).toHaveValue('0.5');
  await expect(error).toHaveText(
    'The age limit must be a whole number. Allowed: 1 to 600 months. Prices older than 12 months are still hidden.',
  );
  await expect(months).toHaveAttribute('aria-invalid', 'true');
  await expect.poll(() => table(page)).toEqual(atTwelve);
  expect((await linkParams(page)).get('age')).toBe('12');
});

test('−5 in the month box is refused with its range, never read as 5', async ({ page }) => {
  await openAtlas(page, '?lang=en');
  const before = await table(page);
  const months = page.locator('#max-age');
  await months.pressSequentially('-5');
  await expect(months).toHaveValue('-5');
  await expect(page.locator('#max-age-error')).toHaveText(
    'The age limit must be at least 1. Allowed: 1 to 600 months. No age limit applies.',
  );
  await expect.poll(() => table(page)).toEqual(before);
  expect((await linkParams(page)).get('age')).toBeNull();
  // In Chinese, the same refusal in Chinese.
  await page.goto('?lang=zh');
  await page.locator('#max-age').pressSequentially('-5');
  await expect(page.locator('#max-age-error')).toHaveText('时限不能小于 1。允许范围：1 至 600 个月。未设时限。');
});

test('a count of 0 accelerators is refused naming the range, not an empty table without a word', async ({ page }) => {
  await openAtlas(page, '?lang=en');
  const before = await table(page);
  await page.locator('#range-count').fill('0');
  await expect(page.locator('#range-count-error')).toHaveText(
    'Accelerators per instance is more than 0 for every offer: “0” matches none. Allowed: a range above 0, as in 1, >=8 or <=4.',
  );
  await expect(page.locator('#range-count')).toHaveAttribute('aria-invalid', 'true');
  await expect.poll(() => table(page)).toEqual(before);
  await expect(rows(page).first()).toBeVisible();
});

test('a memory of 0 GB is refused naming the range, and the table stays', async ({ page }) => {
  await openAtlas(page, '?lang=en');
  const before = await table(page);
  await page.locator('#range-mem').fill('<=0');
  await expect(page.locator('#range-mem-error')).toHaveText(
    'Memory per accelerator (GB) is more than 0 for every offer: “<=0” matches none. Allowed: a range above 0, as in 1, >=8 or <=4.',
  );
  await expect.poll(() => table(page)).toEqual(before);
  // A range that reaches above 0 is a filter as before.
  await page.locator('#range-mem').fill('>=80');
  await expect(page.locator('#range-mem-error')).toHaveText('');
  await expect.poll(async () => (await table(page)).shown).not.toBe(before.shown);
});

test("a custom offer's provider and source are text, never a link to nowhere", async ({ page }) => {
  await openAtlas(page, '?lang=en');
  await page.locator('#custom-menu summary').click();
  await page.locator('#custom-seller').fill('Acme GPU');
  await page.locator('#custom-name').fill('8x H100 quote');
  await page.locator('#custom-accelerator').selectOption('h100-sxm5-80gb');
  await page.locator('#custom-count').fill('8');
  await page.locator('#custom-price').fill('16');
  await page.locator('#add-custom').click();
  await expect(page.locator('#custom-message')).toHaveText('Added to the table as a custom offer.');
  await page.keyboard.press('Escape');
  await page.locator('#search').fill('acme');
  const row = page.locator('#catalog tr[data-offer="custom/1"]');
  await expect(row.locator('td.provider')).toContainText('Your offers');
  await expect(row.locator('td.provider a')).toHaveCount(0);
  await expect(row.locator('td.as-of a')).toHaveCount(0);
  await expect(page.locator('a[href=""]')).toHaveCount(0);
  // Its details: the provider's name and the price's source are text too.
  await row.locator('.open-detail').click();
  const dialog = page.locator('#detail-dialog');
  await expect(dialog).toContainText('Your offers');
  await expect(page.locator('a[href=""]')).toHaveCount(0);
  await expect(dialog.locator('a:not([href])')).toHaveCount(0);
});
