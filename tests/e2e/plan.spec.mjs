// The money plan in an offer's detail: each term's cost at the planned hours, where a
// commitment pays off, and whether buying the GPUs would; inputs checked inline; the plan
// travels in the link.
import AxeBuilder from '@axe-core/playwright';
import { test, expect, openAtlas } from './fixtures.mjs';

const money = (text) => Number(text.replace(/[^0-9.]/g, ''));
const row = (page, term) => page.locator(`#plan-terms tr[data-term="${term}"]`);
const cell = (page, term, col) => row(page, term).locator(`.plan-${col}`);

test('the plan lists each term with monthly costs that follow the hours', async ({ page }) => {
  await openAtlas(page, '?lang=en&detail=aws%2Fp5.48xlarge');
  const plan = page.locator('#detail-plan');
  await expect(plan.locator('h3').first()).toHaveText('Plan: rent, commit or buy');
  await expect(row(page, 'on-demand')).toBeVisible();
  await expect(row(page, 'spot')).toBeVisible();
  // Half a month by default: 55.04 × 365 = 20,089.60.
  await expect(page.locator('#plan-hours')).toHaveValue('365');
  await expect(cell(page, 'on-demand', 'hourly')).toHaveText('$55.04');
  await expect(cell(page, 'on-demand', 'monthly')).toHaveText('$20,089.60');
  const hourly = money(await cell(page, 'on-demand', 'hourly').innerText());
  await page.locator('#plan-hours').fill('200');
  // Hand-checked: 55.04 × 200 = 11,008.00 a month, × 12 = 132,096.00 a year.
  await expect(cell(page, 'on-demand', 'monthly')).toHaveText('$11,008.00');
  expect(money(await cell(page, 'on-demand', 'monthly').innerText())).toBeCloseTo(hourly * 200, 2);
  await expect(cell(page, 'on-demand', 'yearly')).toHaveText('$132,096.00');
  await expect(page.locator('#plan-terms thead')).toContainText('Per month at 200 h');
  // One term is marked cheapest, in words as well as colour.
  await expect(page.locator('#plan-terms .best-mark')).toHaveCount(1);
  await expect(page.locator('#plan-terms tr.cheapest .best-mark')).toHaveText('cheapest');
  await expect(row(page, 'spot')).toContainText('expected rework');
  // The catalog sells p6-b200.48xlarge on demand and on spot only: no reserved rows are made up.
  await openAtlas(page, '?lang=en&detail=aws%2Fp6-b200.48xlarge');
  await expect(row(page, 'spot')).toBeVisible();
  await expect(row(page, 'reserved-1y')).toHaveCount(0);
  await expect(row(page, 'reserved-3y')).toHaveCount(0);
});

test('reservations show where they break even with on-demand', async ({ page }) => {
  await openAtlas(page, '?lang=en&detail=azure%2FStandard_ND96isr_H100_v5');
  for (const term of ['on-demand', 'spot', 'reserved-1y', 'reserved-3y']) {
    await expect(row(page, term)).toBeVisible();
  }
  // 551,221 a year = 62.92/h against 98.32/h on demand: 64% of the month, 467 h.
  await expect(cell(page, 'reserved-1y', 'break-even')).toHaveText('64% of the month (467 h)');
  await expect(cell(page, 'reserved-3y', 'break-even')).toContainText('43.9%');
  // A reservation is paid for the whole month whatever the hours: 551,221 / 12.
  await expect(cell(page, 'reserved-1y', 'monthly')).toHaveText('$45,935.08');
  await page.locator('#plan-hours').fill('730');
  await expect(cell(page, 'reserved-1y', 'monthly')).toHaveText('$45,935.08');
  await expect(cell(page, 'on-demand', 'monthly')).toHaveText('$71,773.60');
  await expect(page.locator('#plan-rent-assumptions a.source').first()).toHaveAttribute('rel', 'noopener noreferrer');
});

test('buying instead: cost per GPU-hour owned and the break-even, with sources', async ({ page }) => {
  await openAtlas(page, '?lang=en&detail=aws%2Fp5.48xlarge');
  await page.locator('#plan-buy-block summary').click();
  await expect(page.locator('#plan-buy-results')).toContainText('Type a purchase price');
  await page.locator('#plan-buy').fill('25000');
  await page.locator('#plan-host').fill('5000');
  // Per GPU: 30,000 / (3 × 8,760 h) = 1.1416/h fixed, 700 W × 1.58 × 0.10 = 0.1106/h energy;
  // at half a month 2 × 1.1416 + 0.1106 = 2.39 per hour of use, against 55.04 / 8 = 6.88.
  await expect(page.locator('#plan-own-cost')).toHaveText('$2.39');
  await expect(page.locator('#plan-rent-gpu')).toHaveText('$6.88');
  // 1.1416 / (6.88 − 0.1106) = 16.9% of the month; 30,000 / (365 × 6.7694) = month 12.1.
  await expect(page.locator('#plan-break-even-use')).toHaveText('16.9% of the month (123 h)');
  await expect(page.locator('#plan-break-even-month li[data-term="on-demand"]')).toHaveText('On-demand: month 12.1');
  await expect(page.locator('#plan-verdict')).toContainText('Owning costs less');
  await page.locator('#plan-buy-assumptions summary').click();
  await expect(page.locator('#plan-buy-assumptions')).toContainText('Uptime Institute');
  await expect(page.locator('#plan-buy-assumptions')).toContainText('700 W');
  await expect(page.locator('#plan-buy-assumptions a.source').first()).toHaveAttribute('rel', 'noopener noreferrer');
});

test('bad input is refused inline and changes nothing', async ({ page }) => {
  await openAtlas(page, '?lang=en&detail=aws%2Fp5.48xlarge');
  const box = page.locator('#plan-hours');
  const before = await cell(page, 'on-demand', 'monthly').innerText();
  for (const [typed, said] of [
    ['-5', 'cannot be negative'],
    ['abc', 'not a number'],
    ['0', 'more than zero'],
    ['800', '730 hours'],
  ]) {
    await box.fill(typed);
    await expect(page.locator('#plan-hours-message')).toContainText(said);
    await expect(page.locator('#plan-hours-message')).toHaveAttribute('role', 'status');
    await expect(box).toHaveAttribute('aria-invalid', 'true');
    await expect(box).toHaveValue(typed);
    await expect(cell(page, 'on-demand', 'monthly')).toHaveText(before);
  }
  await page.locator('#plan-buy-block summary').click();
  await page.locator('#plan-buy').fill('-5');
  await expect(page.locator('#plan-buy-message')).toContainText('cannot be negative');
  await expect(page.locator('#plan-buy-results')).toContainText('Type a purchase price');
  await page.waitForTimeout(400);
  expect(page.url()).not.toContain('pl.');
  await expect(page.locator('#detail-plan')).not.toContainText('NaN');
  // A good value clears the message.
  await box.fill('100');
  await expect(page.locator('#plan-hours-message')).toHaveText('');
  await expect(box).toHaveAttribute('aria-invalid', 'false');
});

test('the plan survives a reload through the link', async ({ page }) => {
  await openAtlas(page, '?lang=en&detail=aws%2Fp5.48xlarge');
  await page.locator('#plan-hours').fill('200');
  await page.locator('#plan-buy-block summary').click();
  await page.locator('#plan-buy').fill('25000');
  await page.locator('#plan-kwh').fill('0.12');
  // The address is written 250 ms after the last change.
  await expect(page).toHaveURL(/pl\.h=200/);
  await expect(page).toHaveURL(/pl\.buy=25000/);
  await expect(page).toHaveURL(/pl\.kwh=0\.12/);
  await page.reload();
  await expect(page.locator('#plan-hours')).toHaveValue('200');
  await expect(page.locator('#plan-buy')).toHaveValue('25000');
  await expect(page.locator('#plan-kwh')).toHaveValue('0.12');
  await expect(cell(page, 'on-demand', 'monthly')).toHaveText('$11,008.00');
  // A purchase in the link opens the buy block with its results.
  await expect(page.locator('#plan-own-cost')).toBeVisible();
});

test('the plan reads in Chinese', async ({ page }) => {
  await openAtlas(page, '?lang=zh&detail=aws%2Fp5.48xlarge');
  await expect(page.locator('#detail-plan h3').first()).toHaveText('规划：租用、预留还是购买');
  await page.locator('#plan-hours').fill('-1');
  await expect(page.locator('#plan-hours-message')).toHaveText('每月使用小时数不能为负数。');
});

for (const [lang, theme] of [['en', 'light'], ['zh', 'dark']]) {
  test(`axe: the plan with the buy block open, ${lang}, ${theme}`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme });
    await openAtlas(page, `?lang=${lang}&theme=${theme}&detail=azure%2FStandard_ND96isr_H100_v5&pl.buy=25000`);
    await page.locator('#plan-buy-assumptions summary').click();
    await page.locator('#plan-rent-assumptions summary').click();
    await page.locator('#plan-hours').fill('-5');
    await expect(page.locator('#plan-hours')).toHaveAttribute('aria-invalid', 'true');
    const results = await new AxeBuilder({ page })
      .include('#detail-plan')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes[0].target.join(' ')} — ${v.help}`);
    expect(serious).toEqual([]);
  });
}

test('a serverless GPU is costed by its busy hours only, beside always-on terms', async ({ page }) => {
  await openAtlas(page, '?lang=en&detail=modal%2Fh100');
  await expect(row(page, 'serverless')).toBeVisible();
  // Modal prices an H100 at 0.001097 a second: 3.9492 an hour of use.
  await expect(cell(page, 'serverless', 'hourly')).toHaveText('$3.95');
  // Half a month by default: 3.9492 × 365 = 1,441.458.
  await expect(cell(page, 'serverless', 'monthly')).toHaveText('$1,441.46');
  await page.locator('#plan-hours').fill('100');
  // Idle hours cost nothing: 100 busy hours are 394.92, whatever the month's length.
  await expect(cell(page, 'serverless', 'monthly')).toHaveText('$394.92');
  await expect(cell(page, 'serverless', 'break-even')).toContainText('idle hours cost nothing');
});
