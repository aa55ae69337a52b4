// The user's own offers: added from a quote, shown marked "custom" beside the catalog, priced
// in the chosen units, ranked, exported, kept in this browser, refused when nonsensical.
import { test, expect, openAtlas, untilTheAppRuns } from './fixtures.mjs';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!localStorage.getItem('gpu-atlas.preferences')) {
      localStorage.setItem('gpu-atlas.preferences', JSON.stringify({ lang: 'en', theme: 'system' }));
    }
  });
});

async function addQuote(page, price) {
  await page.locator('#custom-menu summary').click();
  await page.locator('#custom-seller').fill('Acme GPU');
  await page.locator('#custom-name').fill('8x H100 quote');
  await page.locator('#custom-accelerator').selectOption('h100-sxm5-80gb');
  await page.locator('#custom-count').fill('8');
  await page.locator('#custom-price').fill(price);
  await page.locator('#custom-note').fill('Quote #42');
  await page.locator('#add-custom').click();
}

test('a quote joins the table marked custom, in the chosen units, and stays', async ({ page }) => {
  await openAtlas(page);
  const before = Number(await page.getByTestId('shown-count').innerText());
  await addQuote(page, '16');
  await expect(page.locator('#custom-message')).toHaveText('Added to the table as a custom offer.');
  await expect(page.getByTestId('shown-count')).toHaveText(String(before + 1));
  await page.locator('#search').fill('acme');
  const row = page.locator('#catalog tr[data-offer="custom/1"]');
  await expect(row.locator('.badge.custom')).toHaveText('custom');
  await expect(row.locator('td.price')).toHaveText('$16.00');
  await expect(row.locator('td.price-per-accelerator')).toHaveText('$2.00');
  await page.locator('#currency').selectOption('CNY');
  await expect(row.locator('td.price')).toContainText('¥');
  // It takes part in the ranking like any offer. The quote states no interconnect, but eight
  // H100 SXM modules sit on an NVSwitch board: Training keeps it.
  await page.locator('#mode-rank').click();
  await expect(page.locator('#ranked li[data-offer="custom/1"]')).toHaveCount(1);
  await page.locator('[data-scenario="training"]').click();
  await expect(page.locator('#ranked li[data-offer="custom/1"]')).toHaveCount(1);
  await page.locator('#mode-table').click();
  // And it is still there after a reload (once the address holds the table view again: it
  // is written a moment after the last change).
  await expect(page).not.toHaveURL(/mode=rank/);
  await page.reload();
  await page.locator('#search').fill('acme');
  await expect(page.locator('#catalog tr[data-offer="custom/1"]')).toHaveCount(1);
  await page.locator('#custom-menu summary').click();
  await page.locator('#custom-list .delete-custom').click();
  await expect(page.locator('#catalog tr[data-offer="custom/1"]')).toHaveCount(0);
});

test('a nonsensical quote is refused with the reason', async ({ page }) => {
  await openAtlas(page);
  const before = await page.getByTestId('shown-count').innerText();
  await addQuote(page, '-5');
  await expect(page.locator('#custom-message')).toHaveText(
    'The price must be at least 0.01. Allowed: 0.01 to 100,000 USD per instance-hour. Nothing was added.',
  );
  await page.locator('#custom-price').fill('lots');
  await page.locator('#add-custom').click();
  await expect(page.locator('#custom-message')).toHaveText(
    'The price is not a number. Allowed: 0.01 to 100,000 USD per instance-hour. Nothing was added.',
  );
  await expect(page.getByTestId('shown-count')).toHaveText(before);
});

test('custom offers travel with the saved-views file to another browser', async ({ page, browser }) => {
  const { readFileSync } = await import('node:fs');
  await openAtlas(page);
  await addQuote(page, '16');
  await page.locator('#custom-menu summary').click();
  await page.locator('#saved-menu summary').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#export-views').click()]);
  const path = await download.path();
  const file = JSON.parse(readFileSync(path, 'utf8'));
  expect(file.custom_offers.map((o) => o.seller)).toEqual(['Acme GPU']);

  const fresh = await browser.newContext();
  const other = untilTheAppRuns(await fresh.newPage());
  await other.goto('?lang=en');
  await expect(other.locator('#catalog tbody tr[data-offer]').first()).toBeVisible();
  await other.locator('#saved-menu summary').click();
  await other.locator('#import-views').setInputFiles(path);
  await expect(other.locator('#saved-menu .saved-message')).toHaveText('Imported 0 view(s) and 1 custom offer(s).');
  await other.locator('#search').fill('acme');
  await expect(other.locator('#catalog tr[data-offer="custom/1"]')).toHaveCount(1);
  await fresh.close();
});

test('unreadable stored offers that cannot be copied aside are never written over', async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('gpu-atlas.custom-offers', '[{"seller": broken');
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key, value) {
      if (key.startsWith('gpu-atlas.custom-offers.unreadable-')) throw new DOMException('full', 'QuotaExceededError');
      return setItem.call(this, key, value);
    };
  });
  await openAtlas(page);
  await addQuote(page, '16');
  await expect(page.locator('#custom-message')).toHaveText('This browser would not store it; nothing changed.');
  expect(await page.evaluate(() => localStorage.getItem('gpu-atlas.custom-offers'))).toBe('[{"seller": broken');
});
