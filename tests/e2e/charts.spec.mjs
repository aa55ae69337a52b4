// Charts: drawn on a canvas (not blank), following the filters, with tooltips and picks that
// use the chart's own coordinate mapping; text alternatives; screenshots for review.
import { test, expect, openAtlas } from './fixtures.mjs';

/** How many of the canvas' pixels differ from its top-left (background) pixel. */
const inked = (page, selector) =>
  page.locator(selector).evaluate((canvas) => {
    const ctx = canvas.getContext('2d');
    const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
    let n = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i] !== data[0] || data[i + 1] !== data[1] || data[i + 2] !== data[2]) n++;
    }
    return n;
  });
const fingerprint = (page, selector) => page.locator(selector).evaluate((c) => c.toDataURL().length + ':' + c.toDataURL().slice(-64));

test('the price scatter is drawn, follows the filters, and shows a tooltip and picks an offer', async ({ page }) => {
  await openAtlas(page, '?lang=en');
  await page.locator('#mode-charts').click();
  const canvas = '#price-scatter canvas';
  await expect(page.locator(canvas)).toBeVisible();
  await expect.poll(() => inked(page, canvas)).toBeGreaterThan(5000);
  await expect(page.locator('#price-scatter figcaption')).toContainText('offers drawn');
  const before = await fingerprint(page, canvas);
  await page.locator('#search').fill('h100');
  await expect.poll(() => fingerprint(page, canvas)).not.toBe(before);
  await expect(page.locator('#price-scatter figcaption')).not.toContainText(' 307 offers drawn');

  // Aim at the point the chart says it drew, by its own coordinate mapping.
  const probe = await page.locator(canvas).getAttribute('data-probe');
  const [id, x, y] = probe.split(' ');
  expect(id).toContain('/');
  await page.locator(canvas).hover({ position: { x: Number(x), y: Number(y) } });
  const tooltip = page.locator('#price-scatter .chart-tooltip');
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toContainText('USD per instance per hour');
  await expect(tooltip).toContainText('PFLOP/s');
  await expect(tooltip).toContainText(/score \d+/);
  await page.locator(canvas).click({ position: { x: Number(x), y: Number(y) } });
  await expect(page.getByTestId('selected-count')).toHaveText('1');
  await page.locator('#mode-table').click();
  await expect(page.locator(`#catalog tr[data-offer="${id}"] td.select input`)).toBeChecked();
});

test('each chart has a description, a table alternative and downloads', async ({ page }) => {
  await page.goto('?lang=zh&mode=charts&cy=memory&ceff=gb-hour');
  await expect(page.locator('#chart-measure')).toHaveValue('memory');
  const figure = page.locator('#efficiency-bars');
  await expect(figure.locator('figcaption')).toContainText('最低');
  await figure.locator('.chart-as-table').click();
  await expect(figure.locator('.chart-as-table')).toHaveAttribute('aria-expanded', 'true');
  const rows = figure.locator('table.chart-table tbody tr');
  expect(await rows.count()).toBeGreaterThan(15);
  const [png] = await Promise.all([page.waitForEvent('download'), figure.locator('.chart-png').click()]);
  expect(png.suggestedFilename()).toBe('gpu-atlas-efficiency-bars.png');
  const [csv] = await Promise.all([page.waitForEvent('download'), figure.locator('.chart-csv').click()]);
  expect(csv.suggestedFilename()).toBe('gpu-atlas-efficiency-bars.csv');
});

test('the detail draws prices by region, and the comparison draws the score breakdown', async ({ page }) => {
  await openAtlas(page, '?lang=en&detail=aws%2Fg4dn.xlarge');
  await expect.poll(() => inked(page, '#region-bars canvas')).toBeGreaterThan(2000);
  await expect(page.locator('#region-bars figcaption')).toContainText('Lowest');
  await page.goto('?lang=en&sel=aws%2Fp5.48xlarge,lambda%2Fgpu_1x_h100_sxm5&cmp=1');
  await expect.poll(() => inked(page, '#score-breakdown canvas')).toBeGreaterThan(2000);
});

test('a job makes job time a measure and job cost a bar', async ({ page }) => {
  await page.goto('?lang=en&mode=charts&job=train&cy=job-time&ceff=job');
  await expect(page.locator('#price-scatter figcaption')).toContainText('offers drawn');
  await expect.poll(() => inked(page, '#efficiency-bars canvas')).toBeGreaterThan(2000);
  await page.locator('#efficiency-bars .chart-as-table').click();
  await expect(page.locator('#efficiency-bars table.chart-table thead')).toContainText('USD for the whole job');
  await expect(page.locator('#efficiency-bars table.chart-table tbody tr').first().locator('td').last()).toHaveText(/^\d[\d.]*$/);
});

for (const [name, viewport] of [['desktop', { width: 1400, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
  for (const theme of ['light', 'dark']) {
    test(`screenshots: charts — ${name}, ${theme}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: theme });
      await openAtlas(page, `?lang=en&theme=${theme}`);
      await page.locator('#mode-charts').click();
      await expect.poll(() => inked(page, '#price-scatter canvas')).toBeGreaterThan(2000);
      await page.locator('#price-scatter').screenshot({ path: `../../target/screenshots/charts-scatter-${name}-${theme}.png` });
      await page.locator('#efficiency-bars').screenshot({ path: `../../target/screenshots/charts-bars-${name}-${theme}.png` });
    });
  }
}

test('the plan draws cumulative cost over months with the break-even of buying', async ({ page }) => {
  await page.goto('?lang=en&detail=azure%2FStandard_ND96isr_H100_v5&pl.buy=25000');
  await expect.poll(() => inked(page, '#plan-timeline canvas')).toBeGreaterThan(2000);
  await expect(page.locator('#plan-timeline figcaption')).toContainText('Break-even');
  await page.locator('#plan-timeline .chart-as-table').click();
  expect(await page.locator('#plan-timeline table.chart-table tbody tr').count()).toBeGreaterThan(12);
});

test("in the Charts view the export holds the chart's data", async ({ page }) => {
  const { readFileSync } = await import('node:fs');
  await page.goto('?lang=en&mode=charts&q=h100');
  await expect(page.locator('#price-scatter canvas')).toBeVisible();
  const shown = Number(await page.getByTestId('shown-count').innerText());
  await page.locator('#export-menu summary').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-export="download-csv"]').click()]);
  const text = readFileSync(await download.path(), 'utf8');
  // A byte-order mark first, for Excel (src/engine/present/export.rs).
  expect(text.startsWith('\uFEFF')).toBe(true);
  const lines = text.slice(1).trim().split('\r\n');
  expect(lines[0]).toBe('Offer,Provider,USD per instance per hour,Dense BF16 PFLOP/s per instance');
  expect(lines.length - 1).toBe(shown);
});
