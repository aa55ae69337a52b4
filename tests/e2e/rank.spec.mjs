// Rank mode as the source article frames the decision: each scenario's ranking behaves as it
// should, weights and constraints change it at once, and every pick says why.
import { test, expect, openAtlas } from './fixtures.mjs';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!localStorage.getItem('gpu-atlas.preferences')) {
      localStorage.setItem('gpu-atlas.preferences', JSON.stringify({ lang: 'en', theme: 'system' }));
    }
  });
});

const ranked = (page) => page.locator('#ranked li.ranked-offer');

async function openScenario(page, scenario) {
  await openAtlas(page);
  await page.locator('#mode-rank').click();
  await page.locator(`[data-scenario="${scenario}"]`).click();
  await expect(page.locator(`[data-scenario="${scenario}"]`)).toHaveAttribute('aria-pressed', 'true');
  await expect(ranked(page).first()).toBeVisible();
}

/** The accelerator count and memory of a ranked offer, read from its facts line ("8 × NVIDIA H100 SXM5 80GB"). */
async function facts(item) {
  const text = await item.locator('.ranked-facts span').first().innerText();
  const [count, label] = text.split(' × ');
  return { count: Number(count), label };
}

test('training puts multi-GPU NVLink instances on top', async ({ page }) => {
  await openScenario(page, 'training');
  for (let i = 0; i < 5; i++) {
    const { count } = await facts(ranked(page).nth(i));
    expect(count).toBeGreaterThanOrEqual(2);
  }
  // The NVLink constraint is on, and it is what excluded most offers.
  await expect(page.locator('[data-constraint="link-nvlink"]')).toBeChecked();
  await expect(page.getByTestId('rank-summary')).toContainText('lacks the required interconnect');
});

test('memory-bound ranks only offers with at least 80 GB per accelerator', async ({ page }) => {
  await openScenario(page, 'memorybound');
  await expect(page.locator('#constraint-memory')).toHaveValue('80');
  const n = await ranked(page).count();
  expect(n).toBeGreaterThan(5);
  const memory = await ranked(page).evaluateAll((ls) => ls.map((l) => Number(l.dataset.memory)));
  expect(memory.length).toBe(n);
  for (const gb of memory) expect(gb).toBeGreaterThanOrEqual(80);
});

test('prototyping puts a free tier or the cheapest per-hour offer first', async ({ page }) => {
  await openScenario(page, 'prototyping');
  const first = ranked(page).first();
  const price = await first.locator('.ranked-facts .money').innerText();
  const value = Number(price.replace(/[^\d.]/g, ''));
  const others = await ranked(page).locator('.ranked-facts .money').allInnerTexts();
  const min = Math.min(...others.map((t) => Number(t.replace(/[^\d.]/g, ''))));
  expect(value).toBe(min);
});

test('each score bar adds up to the score, and each pick says why in both languages', async ({ page }) => {
  await openScenario(page, 'inference');
  const item = ranked(page).first();
  const score = Number(await item.getAttribute('data-score'));
  const widths = await item.locator('.score-bar .segment').evaluateAll((ss) =>
    ss.map((s) => parseFloat(s.style.width)),
  );
  expect(widths.reduce((x, y) => x + y, 0)).toBeCloseTo(score, 1);
  await expect(item.locator('.why')).not.toBeEmpty();
  await page.locator('#language').selectOption('zh-CN');
  await expect(page.locator('[data-scenario="inference"]')).toHaveText('推理');
  await expect(item.locator('.why')).toContainText(/[\u4e00-\u9fff]/);
});

test('weights and constraints re-rank at once, and a changed preset becomes custom', async ({ page }) => {
  await openScenario(page, 'inference');
  const before = await ranked(page).evaluateAll((ls) => ls.map((l) => l.dataset.offer));
  // Nothing but price matters now: the ranking follows the cheapest price per hour.
  for (const c of ['performance', 'memory', 'scaleout', 'ecosystem', 'flexibility', 'trust']) {
    await page.locator(`#weight-${c}`).fill('0');
  }
  await page.locator('#cost-basis').selectOption('hour');
  await expect(page.locator('.scenario-description')).toHaveText('Custom weights.');
  const after = await ranked(page).evaluateAll((ls) => ls.map((l) => l.dataset.offer));
  expect(after).not.toEqual(before);
  const prices = (await ranked(page).locator('.ranked-facts .money').allInnerTexts()).map((t) =>
    Number(t.replace(/[^\d.]/g, '')),
  );
  expect(prices).toEqual([...prices].sort((x, y) => x - y));
  // A budget excludes what costs more, and says so.
  await page.locator('#constraint-budget').fill('1');
  await expect(page.getByTestId('rank-summary')).toContainText('over budget');
  const capped = (await ranked(page).locator('.ranked-facts .money').allInnerTexts()).map((t) =>
    Number(t.replace(/[^\d.]/g, '')),
  );
  expect(Math.max(...capped)).toBeLessThanOrEqual(1);
});

test('a ranked offer opens its details', async ({ page }) => {
  await openScenario(page, 'enterprise');
  const id = await ranked(page).first().getAttribute('data-offer');
  await ranked(page).first().locator('.open-detail').click();
  await expect(page.locator('#detail-dialog')).toBeVisible();
  await expect(page.locator('#detail-dialog h2')).toContainText(id.split('/')[1]);
});

test('a negative or fractional accelerator count is refused with its range, and the ranking keeps its constraint', async ({ page }) => {
  await openScenario(page, 'training');
  const box = page.locator('#constraint-min-count');
  await expect(box).toHaveValue('2');
  const before = await ranked(page).evaluateAll((ls) => ls.map((l) => l.dataset.offer));
  for (const typed of ['-5', '0.5']) {
    await box.fill(typed);
    await expect(page.locator('#constraint-min-count-message')).toContainText('Allowed: 1 to 100,000 accelerators.');
    await expect(box).toHaveAttribute('aria-invalid', 'true');
    // Never read as 5, nor as no constraint: the ranking is the one before.
    expect(await ranked(page).evaluateAll((ls) => ls.map((l) => l.dataset.offer))).toEqual(before);
  }
  await box.fill('8');
  await expect(page.locator('#constraint-min-count-message')).toHaveText('');
  for (const item of await ranked(page).all()) {
    expect((await facts(item)).count).toBeGreaterThanOrEqual(8);
  }
});
