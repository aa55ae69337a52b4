// Every menu above the table behaves alike (src/ui/menus.rs): Escape closes it and gives the
// focus back to its button, a click outside closes it, a click inside does not, and opening
// one closes the other.
import { test, expect, openAtlas } from './fixtures.mjs';

const MENUS = ['#columns-menu', '#export-menu', '#share-menu', '#saved-menu', '#custom-menu', '#discounts-menu'];

for (const menu of MENUS) {
  test(`${menu}: Escape and a click outside close it, a click inside does not`, async ({ page }) => {
    await openAtlas(page, '?lang=en');
    const details = page.locator(menu);
    const summary = details.locator('summary');

    await summary.click();
    await expect(details).toHaveAttribute('open', '');
    // Inside: the menu's own body keeps it open.
    await details.locator('.menu-body').click({ position: { x: 5, y: 5 } });
    await expect(details).toHaveAttribute('open', '');
    // Escape, from inside the menu: closed, and the keyboard is back on its button.
    await details.locator('.menu-body').focus().catch(() => {});
    await summary.focus();
    await page.keyboard.press('Escape');
    await expect(details).not.toHaveAttribute('open', '');
    await expect(summary).toBeFocused();

    // Outside: a click on the page's title closes it.
    await summary.click();
    await expect(details).toHaveAttribute('open', '');
    await page.locator('h1').click();
    await expect(details).not.toHaveAttribute('open', '');
  });
}

test('opening one menu closes the other, and Escape closes a menu before a dialog', async ({ page }) => {
  await openAtlas(page, '?lang=en&detail=aws%2Fp5.48xlarge');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.locator('#columns-menu summary').click();
  await page.locator('#export-menu summary').click();
  await expect(page.locator('#export-menu')).toHaveAttribute('open', '');
  await expect(page.locator('#columns-menu')).not.toHaveAttribute('open', '');
});

test('the share menu shows this view\'s link after closing by Escape and opening again', async ({ page }) => {
  await openAtlas(page, '?lang=en');
  const share = page.locator('#share-menu');
  await share.locator('summary').click();
  await expect(page.locator('#share-link')).toHaveValue(/gpu-atlas/);
  await page.keyboard.press('Escape');
  await expect(share).not.toHaveAttribute('open', '');
  // Opened again (its state follows the element, not the clicks): the link is there.
  await page.locator('#search').fill('h100');
  await share.locator('summary').click();
  await expect(page.locator('#share-link')).toHaveValue(/q=h100/);
});
