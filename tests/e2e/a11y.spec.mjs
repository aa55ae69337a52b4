// Accessibility: axe-core finds no serious or critical problem in any view, in either language
// or theme, and the main task (filter → rank → compare → share) works from the keyboard alone.
import { test, expect, openAtlas, seriousViolations } from './fixtures.mjs';

const SEL = 'aws%2Fp5.48xlarge,lambda%2Fgpu_1x_h100_sxm5';

// Every view a user can reach: the table with its menus open, the ranking, the comparison and
// the detail dialog.
const VIEWS = [
  { name: 'table', query: '', open: ['#columns-menu', '#share-menu'] },
  { name: 'menus', query: '', open: ['#saved-menu', '#custom-menu'] },
  { name: 'rank', query: '&mode=rank', open: [] },
  { name: 'charts', query: '&mode=charts&job=serve', open: [] },
  { name: 'calculator', query: '&job=tune&j.p=-1&fit=1', open: ['#job-assumptions'] },
  { name: 'compare', query: `&sel=${SEL}&cmp=1`, open: [] },
  { name: 'detail', query: '&detail=aws%2Fp5.48xlarge', open: [] },
];


for (const lang of ['en', 'zh']) {
  for (const theme of ['light', 'dark']) {
    for (const view of VIEWS) {
      test(`axe: ${view.name}, ${lang}, ${theme}`, async ({ page }) => {
        await page.emulateMedia({ colorScheme: theme });
        await page.goto(`?v=1&lang=${lang}&theme=${theme}${view.query}`);
        await expect(page.locator('#catalog, #ranked, #price-scatter').first()).toBeVisible();
        for (const menu of view.open) await page.locator(`${menu} summary`).click();
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  }
}

test('keyboard only: filter, rank, compare and share', async ({ page }) => {
  await openAtlas(page, '?lang=en');
  // The first Tab stop skips the filters to the search box; focused controls show a ring.
  const focusVisible = () =>
    page.evaluate(() => {
      const el = document.activeElement;
      const style = getComputedStyle(el);
      return el !== document.body && (style.outlineStyle !== 'none' || style.boxShadow !== 'none');
    });
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement.id)).toBe('skip-to-offers');
  expect(await focusVisible()).toBe(true);
  await page.keyboard.press('Enter');
  expect(await page.evaluate(() => document.activeElement.id)).toBe('search');
  expect(await focusVisible()).toBe(true);
  await page.keyboard.type('h100');
  await expect(page.locator('#catalog tbody tr[data-offer]').first()).toContainText(/H100/);

  // Sort by price from its header button.
  await page.locator('th[data-col="price"] button').focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('th[data-col="price"]')).toHaveAttribute('aria-sort', /ascending|descending/);

  // Select two rows with Space on their checkboxes.
  const boxes = page.locator('#catalog tbody td.select input');
  for (const i of [0, 1]) {
    await boxes.nth(i).focus();
    await page.keyboard.press('Space');
  }
  await expect(page.getByTestId('selected-count')).toHaveText('2');

  // Rank mode from its tab, then back; then open the comparison.
  await page.locator('#mode-rank').focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('#ranked li').first()).toBeVisible();
  await page.locator('#mode-table').focus();
  await page.keyboard.press('Enter');
  await page.locator('#open-compare').focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  // Focus is inside the dialog and Tab keeps it there.
  for (let i = 0; i < 15; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  expect(await page.evaluate(() => document.activeElement.id)).toBe("open-compare");

  // Share: open the menu from the keyboard; the link is there to copy.
  await page.locator('#share-menu summary').focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('#share-link')).toBeVisible();
  expect(await page.locator('#share-link').inputValue()).toContain('sel=');
});
