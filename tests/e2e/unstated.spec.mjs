// Unknown is never "no": a filter that asks for a fact (multi-node clusters, an interconnect, a
// range's quantity) counts the offers that do not state it apart, says so, and one switch (link
// key `unstated`) shows them, each marked "not stated". The count line also says how many
// offers the term leaves out for having no price in it.
import { test, expect, openAtlas } from './fixtures.mjs';

const count = async (page) => Number(await page.getByTestId('shown-count').innerText());

test('multi-node: offers that do not say are counted apart, then shown marked, and the link keeps it', async ({ page }) => {
  await openAtlas(page, '?lang=en&multi=1');
  const note = page.locator('#unstated-note');
  await expect(note).toContainText(/^\d+ more offers? do(es)? not state multi-node clusters: not counted as “no”\./);
  const apart = Number((await note.innerText()).match(/^(\d+)/)[1]);
  expect(apart).toBeGreaterThan(0);
  const stated = await count(page);
  await expect(page.locator('#catalog tbody .badge.unstated')).toHaveCount(0);

  await page.locator('#unstated-toggle').click();
  await expect(page).toHaveURL(/[?&]unstated=1/);
  await expect.poll(() => count(page)).toBe(stated + apart);
  await expect(note).toContainText(`${apart} offers listed do not state multi-node clusters`);
  await expect(page.locator('#unstated-toggle')).toHaveAttribute('aria-pressed', 'true');
  const marked = page.locator('#catalog tbody tr[data-offer] .badge.unstated');
  await expect(marked.first()).toBeVisible();
  await expect(marked.first()).toHaveText('not stated');

  // The link opens the same view, in Chinese too.
  await page.goto('?lang=zh&multi=1&unstated=1');
  await expect(page.locator('#unstated-note')).toContainText(`列表中 ${apart} 个报价未注明多节点集群`);
  await expect.poll(() => count(page)).toBe(stated + apart);

  // Leaving them out again gives the first count back.
  await page.locator('#unstated-toggle').click();
  await expect.poll(() => count(page)).toBe(stated);
  await expect(page).not.toHaveURL(/[?&]unstated=1/);
});

test('a range over a quantity some offers do not give names it, and no note shows without such a filter', async ({ page }) => {
  await openAtlas(page, '?lang=en');
  await expect(page.locator('#unstated-note')).toHaveCount(0);
  await page.goto('?lang=en&vcpus=%3E%3D32');
  await expect(page.locator('#unstated-note')).toContainText('do not state vCPUs');
});

test('the count line says how many offers have no price in the term', async ({ page }) => {
  await openAtlas(page, '?lang=en');
  const unpriced = page.locator('#unpriced');
  await expect(unpriced).toHaveText(/^ · \+\d+ without an on-demand price$/);
  await page.locator('#term').selectOption('spot');
  await expect(unpriced).toContainText('without a spot price');
  const spotOnly = Number((await unpriced.innerText()).match(/\+(\d+)/)[1]);
  const total = Number((await page.locator('.result-count').innerText()).match(/of (\d+) offers/)[1]);
  // Spot leaves out more offers than it shows: most providers sell no spot.
  expect(spotOnly).toBeGreaterThan(total / 2);
});
