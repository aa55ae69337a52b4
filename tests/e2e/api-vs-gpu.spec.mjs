// Rent a GPU or call an API (issue 29): for a serving job with a model chosen by name, the
// cheapest hosted API for that model is set beside the cheapest serverless and always-on
// offers, with the volume from which a GPU costs no more, and a chart of the three; the
// link keeps the model; the answer moves with the volume. The API price is checked against
// the price file itself, read plainly here.
import { readFileSync } from 'node:fs';
import { test, expect, openAtlas } from './fixtures.mjs';

const money = (text) => Number(text.replace(/[^0-9.]/g, ''));
const model = 'llama-3.1-70b';

// The cheapest USD price of `model` for `output` tokens (no prompt), from catalog/api/prices.csv.
function plainApiDay(output) {
  const [head, ...rows] = readFileSync(new URL('../../catalog/api/prices.csv', import.meta.url), 'utf8').trim().split('\n');
  const col = Object.fromEntries(head.split(',').map((name, i) => [name, i]));
  return Math.min(
    ...rows
      .map((line) => line.split(','))
      .filter((f) => f[col.model] === model && f[col.currency] === 'USD' && f[col.output] !== '')
      .map((f) => (output * Number(f[col.output])) / 1e6),
  );
}

async function serve70b(page) {
  await openAtlas(page, '?lang=en');
  await page.locator('[data-preset="serve-70b-int8"]').click();
  await page.locator('#job-model').selectOption(model);
  await page.locator('#job-conc').fill('128');
  await expect.poll(() => new URL(page.url()).searchParams.get('j.model')).toBe(model);
}

test('serving Llama 3.1 70B at 1M tokens a day sets the cheapest API beside renting, with the break-even', async ({ page }) => {
  await serve70b(page);
  // Choosing the model by name takes its size.
  await expect(page.locator('#job-p')).toHaveValue('70.6');
  const api = page.locator('#api-summary');
  await expect(api).toContainText('Hosted API: the cheapest for Llama 3.1 70B Instruct is');
  const day = (text) => money(text.match(/is [^,]+, ([^ ]+) a day/)[1]);
  expect(Math.abs(day(await api.innerText()) - plainApiDay(1e6))).toBeLessThan(0.006);
  // No cached price stated or not, the prompt share is zero here: nothing about cache matters.
  const gpu = page.locator('#serving-summary');
  await expect(gpu).toContainText('the cheapest always-on offer, kept 24 hours, costs');
  const alwaysOn = money((await gpu.innerText()).match(/kept 24 hours, costs ([^ ]+) a day/)[1]);
  // The break-even is where the API's day reaches the always-on day (within the first
  // instance's capacity the always-on day is flat): about alwaysOn / API price per token.
  const breakEven = (await api.innerText()).match(/From about ([\d.]+)([kMBT]) output tokens a day/);
  expect(breakEven).not.toBeNull();
  const scale = { k: 1e3, M: 1e6, B: 1e9, T: 1e12 }[breakEven[2]];
  const found = Number(breakEven[1]) * scale;
  const plain = (alwaysOn / plainApiDay(1e6)) * 1e6;
  expect(Math.abs(found / plain - 1)).toBeLessThan(0.06);
  // The chart draws the lines, the job's volume and the break-even.
  const chart = page.locator('#serving-chart');
  await expect(chart.locator('polyline.way-api')).toHaveCount(1);
  expect(await chart.locator('polyline.way-always-on').count()).toBeGreaterThan(0);
  await expect(chart.locator('line.job-volume')).toHaveCount(1);
  await expect(chart.locator('circle.break-even')).toHaveCount(1);
  await expect(chart.locator('.serving-legend')).toContainText('Hosted API');

  // A hundred times the volume: the API's day is a hundred times as much.
  const before = day(await api.innerText());
  await page.locator('#job-tpd').fill('100M');
  await expect(api).toContainText(/is [^,]+, [^ ]+ a day/);
  await expect.poll(async () => day(await api.innerText())).toBeGreaterThan(before * 50);
  expect(Math.abs(day(await api.innerText()) - plainApiDay(1e8))).toBeLessThan(0.01 * plainApiDay(1e8) + 0.006);
});

test('the link keeps the model, and a size typed over it compares with the nearest model instead', async ({ page }) => {
  await serve70b(page);
  const link = page.url();
  await openAtlas(page, link.slice(link.indexOf('?')));
  await expect(page.locator('#job-model')).toHaveValue(model);
  await expect(page.locator('#api-summary')).toContainText('for Llama 3.1 70B Instruct is');
  // 13B is no model's size: the nearest with an API price is named as such.
  await page.locator('#job-p').fill('13');
  await expect(page.locator('#api-summary')).toContainText('the nearest size with an API price');
});

test('in Chinese the API line reads in Chinese', async ({ page }) => {
  await openAtlas(page, `?lang=zh&job=serve&j.model=${model}&j.p=70.6`);
  await expect(page.locator('#api-summary')).toContainText('托管 API：');
  await expect(page.locator('#serving-chart figcaption')).toContainText('每天成本');
});
