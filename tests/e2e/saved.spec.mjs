// Saved views: kept on this device under a name, opened, renamed, deleted, moved as a file;
// a bad file or unreadable storage is explained and loses nothing.
import { writeFileSync, readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect, openAtlas } from './fixtures.mjs';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!localStorage.getItem('gpu-atlas.preferences')) {
      localStorage.setItem('gpu-atlas.preferences', JSON.stringify({ lang: 'en', theme: 'system' }));
    }
  });
});

const menu = (page) => page.locator('#saved-menu');

test('save, open, rename, delete, export and import a view', async ({ page }) => {
  await openAtlas(page);
  await page.locator('#search').fill('h100');
  await page.locator('#currency').selectOption('CNY');
  const count = await page.getByTestId('shown-count').innerText();
  await menu(page).locator('summary').click();
  await page.locator('#view-name').fill('H100 in yuan');
  await page.locator('#save-view').click();
  await expect(menu(page).locator('.saved-message')).toHaveText('Saved “H100 in yuan”.');
  await expect(page.locator('#saved-list li')).toHaveCount(1);

  // Somewhere else entirely, then back through the saved view.
  await page.locator('#clear-filters').click();
  await page.locator('#currency').selectOption('USD');
  // Those clicks outside closed the menu (src/ui/menus.rs): open it again.
  await expect(menu(page)).not.toHaveAttribute('open', '');
  await menu(page).locator('summary').click();
  await page.locator('#saved-list .open-view').click();
  await expect(page.locator('#search')).toHaveValue('h100');
  await expect(page.locator('#currency')).toHaveValue('CNY');
  await expect(page.getByTestId('shown-count')).toHaveText(count);

  // It is still there after a reload (localStorage).
  await page.reload();
  await menu(page).locator('summary').click();
  await expect(page.locator('#saved-list li')).toHaveCount(1);
  await page.locator('#saved-list .rename-input').fill('Hopper, CNY');
  await page.locator('#saved-list .rename-view').click();
  await expect(page.locator('#saved-list li[data-view="Hopper, CNY"]')).toHaveCount(1);

  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#export-views').click()]);
  const file = readFileSync(await download.path(), 'utf8');
  expect(JSON.parse(file).kind).toBe('gpu-atlas-saved-views');

  await page.locator('#saved-list .delete-view').click();
  await expect(page.locator('#saved-list li')).toHaveCount(0);
  const dir = mkdtempSync(join(tmpdir(), 'views-'));
  writeFileSync(join(dir, 'views.json'), file);
  await page.locator('#import-views').setInputFiles(join(dir, 'views.json'));
  await expect(menu(page).locator('.saved-message')).toHaveText('Imported 1 view(s).');
  await expect(page.locator('#saved-list li[data-view="Hopper, CNY"]')).toHaveCount(1);
});

test('a foreign or broken file is refused with a reason and changes nothing', async ({ page }) => {
  await openAtlas(page);
  await menu(page).locator('summary').click();
  await page.locator('#view-name').fill('mine');
  await page.locator('#save-view').click();
  const dir = mkdtempSync(join(tmpdir(), 'views-'));
  writeFileSync(join(dir, 'other.json'), JSON.stringify({ some: 'other app' }));
  await page.locator('#import-views').setInputFiles(join(dir, 'other.json'));
  await expect(menu(page).locator('.saved-message')).toContainText('not a GPU Atlas saved-views file');
  writeFileSync(join(dir, 'broken.json'), '{"kind": "gpu-atlas-saved-views", "version": 1, "views": [');
  await page.locator('#import-views').setInputFiles(join(dir, 'broken.json'));
  await expect(menu(page).locator('.saved-message')).toContainText('not JSON');
  await expect(page.locator('#saved-list li')).toHaveCount(1);
});

test('unreadable saved views are kept aside, never overwritten', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('gpu-atlas.saved-views', '{not json at all'));
  await openAtlas(page);
  await menu(page).locator('summary').click();
  await expect(menu(page).locator('.saved-message')).toContainText('could not be read');
  const kept = await page.evaluate(() =>
    Object.keys(localStorage).filter((k) => k.startsWith('gpu-atlas.saved-views.unreadable-')).map((k) => localStorage.getItem(k)),
  );
  expect(kept).toEqual(['{not json at all']);
});

test('a full storage refuses the save with a message and keeps the list as it was', async ({ page }) => {
  await page.addInitScript(() => {
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key, value) {
      if (key.startsWith('gpu-atlas.saved-views')) throw new DOMException('full', 'QuotaExceededError');
      return setItem.call(this, key, value);
    };
  });
  await openAtlas(page);
  await menu(page).locator('summary').click();
  await page.locator('#view-name').fill('cheap H100');
  await page.locator('#save-view').click();
  await expect(menu(page).locator('.saved-message')).toContainText('would not store the change');
  await expect(page.locator('#saved-list li')).toHaveCount(0);
});

test('unreadable views that cannot be copied aside are never written over', async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('gpu-atlas.saved-views', '{"kind": broken');
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key, value) {
      if (key.startsWith('gpu-atlas.saved-views')) throw new DOMException('full', 'QuotaExceededError');
      return setItem.call(this, key, value);
    };
  });
  await openAtlas(page);
  await menu(page).locator('summary').click();
  await expect(menu(page).locator('.saved-message')).toContainText('no room to keep a copy');
  await page.locator('#view-name').fill('mine');
  await page.locator('#save-view').click();
  await expect(menu(page).locator('.saved-message')).toContainText('nothing is saved until');
  expect(await page.evaluate(() => localStorage.getItem('gpu-atlas.saved-views'))).toBe('{"kind": broken');
});

test('a huge file, a picture and hostile names are handled without importing anything half-way', async ({ page }) => {
  await openAtlas(page);
  await menu(page).locator('summary').click();
  const dir = mkdtempSync(join(tmpdir(), 'views-'));
  writeFileSync(join(dir, 'huge.json'), ' '.repeat(3 * 1024 * 1024));
  await page.locator('#import-views').setInputFiles(join(dir, 'huge.json'));
  await expect(menu(page).locator('.saved-message')).toContainText('3145728 bytes');
  writeFileSync(join(dir, 'picture.json'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0xff, 0xfe]));
  await page.locator('#import-views').setInputFiles(join(dir, 'picture.json'));
  await expect(menu(page).locator('.saved-message')).toContainText('not JSON');
  // One good view and one custom offer with an impossible price: nothing comes in.
  const file = {
    kind: 'gpu-atlas-saved-views',
    version: 1,
    views: [{ name: '<img src=x onerror=alert(1)>', query: 'q=h100', saved: '2026-11-01' }],
    custom_offers: [{ seller: '<script>alert(1)</script>', name: 'x', accelerator: 'h100-sxm5-80gb', count: 8, price: -1, currency: 'USD', unit: 'instance-hour', term: 'on-demand', note: '', as_of: '2026-11-01' }],
  };
  writeFileSync(join(dir, 'hostile.json'), JSON.stringify(file));
  await page.locator('#import-views').setInputFiles(join(dir, 'hostile.json'));
  await expect(menu(page).locator('.saved-message')).toContainText(/entry|price/i);
  await expect(page.locator('#saved-list li')).toHaveCount(0);
  // Without the bad offer the hostile name arrives as plain text.
  delete file.custom_offers;
  writeFileSync(join(dir, 'hostile.json'), JSON.stringify(file));
  await page.locator('#import-views').setInputFiles(join(dir, 'hostile.json'));
  await expect(page.locator('#saved-list li')).toHaveCount(1);
  await expect(page.locator('#saved-list')).toContainText('<img src=x onerror=alert(1)>');
  expect(await page.locator('#saved-list img').count()).toBe(0);
});
