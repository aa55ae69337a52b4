// Serving a model: serverless offers are listed beside always-on ones and billed by use (busy
// time and cold starts), never as a 24-hour rental; one sentence names the cheapest of each
// way and the daily volume where they cross; an empty table says which term holds the offers.
import { test, expect, openAtlas } from './fixtures.mjs';

const cell = (page, offer, col) => page.locator(`#catalog tr[data-offer="${offer}"] td.${col}`);
const money = (text) => Number(text.replace(/[^0-9.]/g, ''));
const koyebA6000 = 'koyeb/gpu-nvidia-rtx-a6000';

// The preset serves 1M output tokens a day; its model becomes an 8B at BF16.
async function serve8b(page, search = '') {
  await openAtlas(page, '?lang=en');
  await page.locator('[data-preset="serve-70b-int8"]').click();
  await page.locator('#job-p').fill('8');
  await page.locator('#job-quant').selectOption('bf16');
  await expect.poll(() => new URL(page.url()).searchParams.get('j.p')).toBe('8');
  if (search) {
    await page.locator('#search').fill(search);
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(search);
  }
}

test('serving 8B at 1M tokens a day bills a serverless offer for its busy hours, not 24 hours', async ({ page }) => {
  await serve8b(page, 'koyeb a6000');
  // Koyeb sells only serverless: with a serving job it is listed on the on-demand term.
  const cost = cell(page, koyebA6000, 'job-cost');
  await expect(cost).toContainText('by use');
  const perHour = money(await cell(page, koyebA6000, 'price').innerText());
  const tps = money(await cell(page, koyebA6000, 'job-throughput').innerText());
  const perDay = money((await cost.innerText()).replace('by use', ''));
  // Busy hours × rate, plus 24 cold starts of 15 s + 16 GB at 1 GB/s, each to the second.
  const busySeconds = 1e6 / tps;
  const billed = 24 * Math.ceil(busySeconds / 24 + 31);
  expect(perDay).toBeGreaterThan(0);
  expect(perDay).toBeLessThan(24 * perHour / 4);
  expect(Math.abs(perDay - (billed / 3600) * perHour)).toBeLessThan(0.02 * perDay + 0.002);
  // The assumption is listed (the first row shown is this offer).
  await page.locator('#job-assumptions summary').click();
  await expect(page.locator('#job-assumptions')).toContainText('cold starts a day');
});

test('the serving sentence names both ways and where they cross, and moves with the volume', async ({ page }) => {
  await serve8b(page);
  const said = page.locator('#serving-summary');
  await expect(said).toContainText('At 1M output tokens a day, the cheapest serverless offer shown, billed by use, costs');
  await expect(said).toContainText('the cheapest always-on offer, kept 24 hours');
  const crossing = (text) => text.match(/below about ([\d.]+[kMBT]?) tokens a day/);
  await expect.poll(async () => crossing(await said.innerText())).not.toBeNull();
  const serverlessCost = (text) => money(text.match(/billed by use, costs ([^ ]+) a day/)[1]);
  const before = serverlessCost(await said.innerText());
  await page.locator('#job-tpd').fill('100M');
  await expect(said).toContainText('At 100M output tokens a day');
  expect(serverlessCost(await said.innerText())).toBeGreaterThan(before);
});

test('a search with nothing on the current term says which term holds the offers, one click away', async ({ page }) => {
  // The table is empty here, so the app is waited for, not a first row.
  await page.goto('?lang=en&q=modal');
  const empty = page.locator('#no-match');
  await expect(empty).toContainText('No offer matches these filters.');
  const serverless = empty.locator('button[data-term="serverless"]');
  await expect(serverless).toContainText(/Serverless \(per second of use\) \(\d+\)/);
  const count = Number((await serverless.innerText()).match(/\((\d+)\)$/)[1]);
  await serverless.click();
  await expect(page.locator('#catalog tbody tr[data-offer]')).toHaveCount(count);
  await expect(page).toHaveURL(/serverless/);
});
