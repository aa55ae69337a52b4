// A lean page at load (issue 28): what nobody has opened is not built. The bar's menus and the
// filter panel's long lists (model, exact variant, architecture) get their contents the first
// time they open, and keep them; a list the link ticks a box of is open from the start. The
// element count is a guard, not a timing: 2,215 elements before this, 1,120 after.
import { test, expect, openAtlas } from './fixtures.mjs';

test('at load the page holds no closed menu or folded list, and stays under 1,300 elements', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await openAtlas(page, '?lang=en');
  for (const menu of ['#columns-menu', '#custom-menu', '#discounts-menu']) {
    await expect(page.locator(`${menu} .menu-body`)).toHaveCount(0);
  }
  for (const group of ['model', 'variant', 'architecture']) {
    const fold = page.locator(`details.group-fold[data-group="${group}"]`);
    await expect(fold).not.toHaveAttribute('open');
    await expect(fold.locator('input[type=checkbox]')).toHaveCount(0);
  }
  const elements = await page.evaluate(() => document.getElementsByTagName('*').length);
  expect(elements).toBeLessThan(1300);

  // Opened, a menu and a list are whole, and they keep what was typed and ticked.
  await page.locator('#columns-menu summary').click();
  await expect(page.locator('#columns-menu input[data-col]').first()).toBeVisible();
  await page.locator('#columns-menu .column-find').fill('vcpu');
  await page.locator('#columns-menu summary').click();
  await page.locator('#columns-menu summary').click();
  await expect(page.locator('#columns-menu .column-find')).toHaveValue('vcpu');

  const variants = page.locator('details.group-fold[data-group="variant"]');
  await variants.locator('summary').click();
  const box = variants.locator('input[data-filter="accelerator-h100-sxm5-80gb"]');
  await box.check();
  // The summary counts what is ticked inside, so a closed list still says it filters.
  await expect(variants.locator('summary .badge')).toHaveText('1');
  await variants.locator('summary').click();
  await expect(variants.locator('summary .badge')).toHaveText('1');
  for (const a of await page.locator('#catalog tbody tr[data-offer] td.accelerator').allInnerTexts()) {
    expect(a).toMatch(/H100.*SXM/);
  }
});

test("a link that ticks a model opens the model list with the box ticked", async ({ page }) => {
  await openAtlas(page, '?lang=en&model=H100');
  const models = page.locator('details.group-fold[data-group="model"]');
  await expect(models).toHaveAttribute('open', '');
  await expect(models.locator('input[data-filter="model-H100"]')).toBeChecked();
  await expect(models.locator('summary .badge')).toHaveText('1');
  // The lists the link does not touch stay folded and unbuilt.
  await expect(page.locator('details.group-fold[data-group="architecture"] input')).toHaveCount(0);
});
