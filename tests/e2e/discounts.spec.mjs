// Your own discounts: set through the "My discounts" menu, they move every price of the
// provider they name — table, ranking, calculator, export — each marked "your price" with the
// list price in its words, travel in the share link (or not, with one click), and refuse a
// bad value without losing the good one.
import { readFileSync } from 'node:fs';
import { test, expect, openAtlas, seriousViolations, untilTheAppRuns } from './fixtures.mjs';

const offer = 'aws/p5.48xlarge';
const cell = (page, col) => page.locator(`#catalog tr[data-offer="${offer}"] td.${col}`);
/** "$55.04" -> 55.04 (the value only: the cell's "−15 %" mark is read apart). */
const money = (text) => Number(text.replace(/[^0-9.]/g, ''));
const amountIn = async (page, col) => money(await cell(page, col).locator('.money').innerText());
/** Rounded to cents on screen: within a cent (and a thousandth) of the exact figure. */
const near = (shown, exact) => Math.abs(shown - exact) <= 0.01 + exact * 1e-3;

async function addDiscount(page, { provider = '', term = '', percent, note = '' }) {
  const menu = page.locator('#discounts-menu');
  if ((await menu.getAttribute('open')) === null) await menu.locator('summary').click();
  await page.locator('#discount-provider').selectOption(provider);
  await page.locator('#discount-term').selectOption(term);
  await page.locator('#discount-percent').fill(percent);
  await page.locator('#discount-note').fill(note);
  await page.locator('#save-discount').click();
}

test('an AWS discount shows in the table, rank, calculator and export, and survives a share link', async ({ page, browser }) => {
  await openAtlas(page, '?lang=en&q=p5.48xlarge&job=tune');
  await expect(cell(page, 'job-cost').locator('.money')).toBeVisible();
  const list = { price: await amountIn(page, 'price'), cost: await amountIn(page, 'job-cost') };
  expect(list.price).toBeGreaterThan(1);
  await expect(page.locator('#catalog .badge.yours')).toHaveCount(0);

  await addDiscount(page, { provider: 'aws', percent: '15', note: 'enterprise agreement' });
  await expect(page.locator('#discount-list li')).toHaveCount(1);
  await expect(page.locator('#discount-list li')).toContainText('−15 % (enterprise agreement)');
  await page.keyboard.press('Escape');
  await expect(page.locator('#discounts-menu')).not.toHaveAttribute('open', '');

  // The table: 0.85 × the list price, marked, the list price in the mark's words.
  await expect.poll(() => amountIn(page, 'price')).toBeLessThan(list.price);
  expect(near(await amountIn(page, 'price'), list.price * 0.85)).toBe(true);
  const mark = cell(page, 'price').locator('.badge.yours');
  await expect(mark).toHaveText('−15 %');
  await expect(mark).toHaveAttribute(
    'aria-label',
    new RegExp(`^Your price: .+ −15 % \\(enterprise agreement\\); list price \\$${list.price.toFixed(2).replace('.', '\\.')}`),
  );
  // The calculator's cost of the job follows, marked too.
  expect(near(await amountIn(page, 'job-cost'), list.cost * 0.85)).toBe(true);
  await expect(cell(page, 'job-cost').locator('.badge.yours')).toHaveText('−15 %');
  const yours = await cell(page, 'price').locator('.money').innerText();

  // The ranking lists the same price, marked.
  await page.locator('#mode-rank').click();
  const ranked = page.locator(`#ranked li.ranked-offer[data-offer="${offer}"]`);
  await expect(ranked).toBeVisible();
  await expect(ranked.locator('.money')).toContainText(yours);
  await expect(ranked.locator('.badge.yours')).toHaveText('−15 %');
  await page.locator('#mode-table').click();

  // The CSV export carries your price, the list price and the discount.
  await page.locator('#export-menu summary').click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.locator('[data-export="download-csv"]').click(),
  ]);
  await page.locator('#export-menu summary').click();
  const lines = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
  const headers = lines[0].split(',');
  const row = lines.find((l) => l.includes('p5.48xlarge')).split(',');
  const at = (name) => headers.findIndex((h) => h === name);
  expect(at('List price')).toBeGreaterThan(-1);
  expect(row[at('Your discount')]).toBe('−15 % (enterprise agreement)');
  expect(near(Number(row[at('List price')]), list.price)).toBe(true);

  // The share link carries the discount; a fresh browser opening it sees your price.
  await page.locator('#share-menu summary').click();
  const link = await page.locator('#share-link').inputValue();
  expect(new URL(link).searchParams.get('disc')).toBe('aws::15:enterprise agreement');
  const fresh = await browser.newContext();
  const other = untilTheAppRuns(await fresh.newPage());
  await other.goto(link);
  await expect(other.locator(`#catalog tr[data-offer="${offer}"] td.price .badge.yours`)).toHaveText('−15 %');
  await expect(other.locator(`#catalog tr[data-offer="${offer}"] td.price .money`)).toHaveText(yours);

  // One click leaves the discounts out of the link (and its QR), and keeps the rest.
  await page.locator('#leave-discounts-out').check();
  await expect.poll(() => page.locator('#share-link').inputValue()).not.toContain('disc=');
  const bare = new URL(await page.locator('#share-link').inputValue());
  expect(bare.searchParams.get('q')).toBe('p5.48xlarge');
  await other.goto(bare.toString());
  await expect(other.locator(`#catalog tr[data-offer="${offer}"] td.price .money`)).toBeVisible();
  await expect(other.locator('#catalog .badge.yours')).toHaveCount(0);
  expect(money(await other.locator(`#catalog tr[data-offer="${offer}"] td.price .money`).innerText())).toBe(list.price);
  // The page's own view keeps its discount.
  await expect(mark).toHaveText('−15 %');
  await fresh.close();
});

test('bad input is refused naming the range, the last good discount stays, and edit and remove work', async ({ page }) => {
  await openAtlas(page, '?lang=en&q=p5.48xlarge');
  const listPrice = await amountIn(page, 'price');
  await addDiscount(page, { provider: 'aws', percent: '15' });
  await expect(cell(page, 'price').locator('.badge.yours')).toHaveText('−15 %');
  const yours = await amountIn(page, 'price');
  for (const bad of ['150', '0', '100', '99.999', '-5', 'fifteen']) {
    await addDiscount(page, { provider: 'aws', percent: bad });
    await expect(page.locator('#discount-message')).toContainText('Allowed: 0.01 to 95 %');
    await expect(page.locator('#discount-message')).toContainText('Your discounts are unchanged.');
    await expect(page.locator('#discount-list li')).toHaveCount(1);
    expect(await amountIn(page, 'price')).toBe(yours);
  }
  // Edit: the form takes the discount's values; saving replaces it.
  await page.locator('#discount-list .edit-discount').click();
  await expect(page.locator('#discount-percent')).toHaveValue('15');
  await page.locator('#discount-percent').fill('20');
  await page.locator('#save-discount').click();
  await expect(page.locator('#discount-list li')).toHaveCount(1);
  await expect(cell(page, 'price').locator('.badge.yours')).toHaveText('−20 %');
  expect(near(await amountIn(page, 'price'), listPrice * 0.8)).toBe(true);
  // Remove: the list price is back, unmarked.
  await page.locator('#discount-list .delete-discount').click();
  await expect(page.locator('#discount-list li')).toHaveCount(0);
  await expect(page.locator('#catalog .badge.yours')).toHaveCount(0);
  expect(await amountIn(page, 'price')).toBe(listPrice);
  // A click outside closes the menu, as every menu does.
  await page.locator('h1').click();
  await expect(page.locator('#discounts-menu')).not.toHaveAttribute('open', '');
});

test('in Chinese, the menu and its refusal speak Chinese', async ({ page }) => {
  await openAtlas(page, '?lang=zh&q=p5.48xlarge');
  await expect(page.locator('#discounts-menu summary')).toContainText('我的折扣');
  await addDiscount(page, { provider: 'aws', percent: '100' });
  await expect(page.locator('#discount-message')).toContainText('折扣不能大于 95 %。允许范围：0.01 至 95 %');
  await addDiscount(page, { term: 'spot', percent: '10', note: '企业协议' });
  await expect(page.locator('#discount-list li')).toContainText('所有服务商');
  await expect(page.locator('#discount-list li')).toContainText('−10 %（企业协议）');
});

test('the discount menu is accessible and fits a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openAtlas(page, '?lang=en&q=p5.48xlarge');
  await addDiscount(page, { provider: 'aws', percent: '15', note: 'enterprise agreement' });
  await expect(page.locator('#discount-list li')).toHaveCount(1);
  const body = await page.locator('#discounts-menu .menu-body').boundingBox();
  expect(body.x).toBeGreaterThanOrEqual(0);
  expect(body.x + body.width).toBeLessThanOrEqual(390);
  // Keyboard: the fields are reachable and the save button answers Enter.
  await page.locator('#discount-percent').fill('12');
  await page.locator('#save-discount').focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('#discount-list li')).toContainText('−12 %');
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(cell(page, 'price').locator('.badge.yours')).toHaveText('−12 %');
  expect(await seriousViolations(page)).toEqual([]);
  // This browser keeps them: a later visit without them in its link still has them.
  await openAtlas(page, '?lang=en&q=p5.48xlarge');
  await expect(cell(page, 'price').locator('.badge.yours')).toHaveText('−12 %');
  // A link with its own discounts wins, and does not replace the stored ones.
  await openAtlas(page, '?lang=en&q=p5.48xlarge&disc=aws::30');
  await expect(cell(page, 'price').locator('.badge.yours')).toHaveText('−30 %');
  await openAtlas(page, '?lang=en&q=p5.48xlarge');
  await expect(cell(page, 'price').locator('.badge.yours')).toHaveText('−12 %');
});

test('where figures come from many prices — result line, calculator, plan, charts — a line says your prices are in force', async ({ page }) => {
  await openAtlas(page, `?lang=en&q=p5.48xlarge&job=tune&detail=${encodeURIComponent(offer)}&disc=aws::15:enterprise%20agreement`);
  const plan = page.locator('#plan-discounts');
  await expect(plan).toContainText('Your prices:');
  await expect(plan).toContainText('−15 % (enterprise agreement)');
  await page.keyboard.press('Escape');
  for (const id of ['#status-discounts', '#calculator-discounts']) {
    await expect(page.locator(id)).toContainText('−15 % (enterprise agreement)');
  }
  await page.locator('#mode-charts').click();
  await expect(page.locator('#charts-discounts')).toContainText('Your prices:');
  // Without discounts, none of these lines is there.
  await page.goto('?lang=en&q=p5.48xlarge&job=tune&mode=charts');
  await expect(page.locator('#charts-panel')).toBeVisible();
  await expect(page.locator('.discount-marker')).toHaveCount(0);
});
