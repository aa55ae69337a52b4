// On a phone the frozen accelerator column shows short names ("H100 SXM 80G") that fit, so two
// variants never look alike; the full name stays in the title.
import { test, expect, openAtlas } from './fixtures.mjs';

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  for (const lang of ['en', 'zh']) {
    test(`no accelerator in the first ten rows is cut — ${lang}`, async ({ page }) => {
      await openAtlas(page, `?lang=${lang}`);
      const rows = page.locator('#catalog tbody tr[data-offer]');
      await expect(rows.nth(9)).toBeVisible();
      const seen = new Map();
      for (let i = 0; i < 10; i += 1) {
        const cell = rows.nth(i).locator('td.accelerator');
        const shown = (await cell.locator('.short-name').innerText()).trim();
        const full = await cell.getAttribute('title');
        expect(shown.length).toBeGreaterThan(0);
        // Not cut: the cell's content fits its width.
        const [scroll, client] = await cell.evaluate((el) => [el.scrollWidth, el.clientWidth]);
        expect(scroll, `${shown} (${full})`).toBeLessThanOrEqual(client + 1);
        await expect(cell.locator('.long-name')).toBeHidden();
        // Two different variants never read alike.
        if (seen.has(shown)) expect(seen.get(shown), shown).toBe(full);
        seen.set(shown, full);
      }
    });
  }
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a wide screen keeps the full names', async ({ page }) => {
    await openAtlas(page, '?lang=en');
    const cell = page.locator('#catalog tbody tr[data-offer]').first().locator('td.accelerator');
    await expect(cell.locator('.long-name')).toBeVisible();
    await expect(cell.locator('.short-name')).toBeHidden();
    await expect(cell.locator('.long-name')).toHaveText(/^NVIDIA /);
  });
});
