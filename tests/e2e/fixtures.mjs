// A `page` that fails the test on any console error, uncaught exception or Rust panic.
import { test as base, expect } from '@playwright/test';

export const test = base.extend({
  page: async ({ page }, use) => {
    const errors = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(`console.error: ${msg.text()}`);
    });
    page.on('pageerror', (err) => errors.push(`page error: ${err.message}`));
    page.on('requestfailed', (req) => errors.push(`request failed: ${req.url()}`));
    await use(page);
    expect(errors, 'the page logged errors').toEqual([]);
  },
});

export { expect };

/** Opens the app and waits until the catalog table has rows. */
export async function openAtlas(page, query = '') {
  await page.goto(query);
  await expect(page.locator('#catalog tbody tr').first()).toBeVisible();
}
