// Issue 17, first contact: what a new visitor gets in the first minutes. On a phone the first
// offer's provider, accelerator and price are on the first screen and stay attached while the
// table scrolls sideways; on a desktop every default column fits; the table opens on
// data-centre accelerators and says so; the detail, the comparison and the plan read right;
// a Chinese browser gets yuan and Chinese words only.
import { test, expect, openAtlas, seriousViolations } from './fixtures.mjs';

const phone = { width: 390, height: 844 };
const desktop = { width: 1440, height: 900 };
const firstRow = (page) => page.locator('#catalog tbody tr[data-offer]').first();

/** The box of `locator` in the viewport, rounded. */
const box = (locator) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { left: Math.round(r.left), right: Math.round(r.right), top: Math.round(r.top), bottom: Math.round(r.bottom) };
  });

/** Whether `b` lies wholly inside the viewport. */
const onScreen = (b, viewport) => b.left >= 0 && b.right <= viewport.width && b.top >= 0 && b.bottom <= viewport.height;

/** Holds the app's wasm back, to look at the pre-rendered page. */
async function holdTheApp(page) {
  await page.route('**/*_bg.wasm', () => new Promise(() => {}));
}

test.describe('on a phone', () => {
  test.use({ viewport: phone, locale: 'en-US' });

  for (const [name, query] of [
    ['the first screen', ''],
    ['with a job set', '?lang=en&job=tune'],
  ]) {
    test(`the first offer's provider, accelerator and price are on screen without scrolling (${name})`, async ({ page }) => {
      await openAtlas(page, query);
      const row = firstRow(page);
      for (const col of ['provider', 'accelerator', 'price-per-accelerator']) {
        const cell = await box(row.locator(`td.${col}`));
        expect(onScreen(cell, phone), `${col} at ${JSON.stringify(cell)}`).toBe(true);
      }
      expect(await page.evaluate(() => scrollY)).toBe(0);
    });
  }

  test('the pre-rendered page puts the first offer on screen too', async ({ page }) => {
    await holdTheApp(page);
    await page.gotoStatic('');
    const row = firstRow(page);
    await expect(row).toBeVisible();
    for (const col of ['provider', 'accelerator', 'price-per-accelerator']) {
      expect(onScreen(await box(row.locator(`td.${col}`)), phone), col).toBe(true);
    }
  });

  test('provider and accelerator stay in place while the table scrolls sideways', async ({ page }) => {
    await openAtlas(page);
    const row = firstRow(page);
    const price = await box(row.locator('td.price-per-accelerator'));
    const wrap = page.locator('.table-wrap');
    const frame = await wrap.evaluate((el) => Math.round(el.getBoundingClientRect().left + el.clientLeft));
    const held = async () => ({ provider: await box(row.locator('td.provider')), accelerator: await box(row.locator('td.accelerator')) });
    await wrap.evaluate((el) => el.scrollBy(400, 0));
    await expect.poll(() => wrap.evaluate((el) => el.scrollLeft)).toBeGreaterThan(200);
    // Held at the frame's left edge, side by side, on screen (the checkbox scrolled away).
    const after = await held();
    expect(after.provider.left).toBe(frame);
    expect(Math.abs(after.accelerator.left - after.provider.right)).toBeLessThanOrEqual(1);
    expect(onScreen(after.provider, phone) && onScreen(after.accelerator, phone)).toBe(true);
    // The rest did move: the price per accelerator went off to the left, behind them.
    expect((await box(row.locator('td.price-per-accelerator'))).left).toBeLessThan(price.left);
    // At the far right they are still there, and the widest column, the date, is whole beside them.
    await wrap.evaluate((el) => el.scrollBy(4000, 0));
    await expect.poll(async () => (await held()).provider.left).toBe(frame);
    const date = await box(row.locator('td.as-of'));
    expect(date.left).toBeGreaterThanOrEqual(after.accelerator.right - 1);
    expect(onScreen(date, phone)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

for (const locale of ['en-US', 'zh-CN']) {
  test.describe(`on a desktop (${locale})`, () => {
    test.use({ viewport: desktop, locale });

    test(`every default column, the price's date included, fits 1440 px (${locale})`, async ({ page }) => {
      await openAtlas(page);
      const wrap = page.locator('.table-wrap');
      const { scroll, client } = await wrap.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
      expect(scroll, 'no sideways scroll').toBeLessThanOrEqual(client);
      const date = await box(page.locator('th[data-col="as-of"]'));
      expect(date.right).toBeLessThanOrEqual(desktop.width);
      // The trust marks of the date column are in view: an old badge or a "?" somewhere on screen.
      await expect(page.locator('#catalog td.as-of').first()).toBeInViewport();
    });
  });
}

test.describe('the order a visitor first sees', () => {
  test.use({ viewport: desktop, locale: 'en-US' });

  test('data-centre accelerators first, by price per accelerator, and the page says so', async ({ page }) => {
    await openAtlas(page);
    const note = page.locator('#sort-note');
    await expect(note).toHaveText(
      'Order: data-centre accelerators (HBM memory) first, then by price per accelerator, cheapest first; prices over 18 months old last. Count old prices',
    );
    const accelerators = await page.locator('#catalog tbody tr[data-offer] td.accelerator').allInnerTexts();
    for (const a of accelerators.slice(0, 20)) expect(a).not.toMatch(/Quadro|GTX|RTX|M4000|P4000/);
    await expect(firstRow(page).locator('td.price-per-accelerator')).not.toHaveText(/free/i);
    await expect(page.locator('th[data-col="price-per-accelerator"]')).toHaveAttribute('aria-sort', 'ascending');
    // A click on the header sorts by the price alone: the note goes, free tiers come first.
    await page.locator('th[data-col="price-per-accelerator"] button').click();
    await expect(note).toHaveCount(0);
    await expect(firstRow(page).locator('td.price-per-accelerator')).toHaveText(/free/i);
    await expect(page).toHaveURL(/lead=none/);
  });

  test('an older link with its own sort keeps that sort alone', async ({ page }) => {
    await openAtlas(page, '?v=1&lang=en&sort=price');
    await expect(page.locator('#sort-note')).toHaveCount(0);
    await expect(firstRow(page).locator('td.price')).toHaveText(/free/i);
  });
});

test.describe('detail, compare and plan', () => {
  test.use({ viewport: desktop, locale: 'en-US' });

  test('the detail opens on the prices, the specs after them', async ({ page }) => {
    await openAtlas(page, '?lang=en&detail=aws%2Fp5.48xlarge');
    const prices = page.locator('#detail-prices');
    await expect(prices).toBeVisible();
    const order = await page.evaluate(() => {
      const prices = document.getElementById('detail-prices');
      const specs = document.querySelector('#detail-dialog [data-spec]');
      return Boolean(prices.compareDocumentPosition(specs) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    expect(order, 'prices come before the specs').toBe(true);
    // The provider's facts in one language: no "Minimum charge / 最低计费".
    for (const label of await page.locator('#detail-dialog [data-fact] th').allInnerTexts()) {
      expect(label).not.toMatch(/[\u4e00-\u9fff]/);
    }
    // The plan says why it starts at 365 hours.
    await expect(page.locator('#plan-hours-why')).toContainText('730-hour month');
    const sentence = await page.locator('#plan-timeline figcaption').innerText();
    expect(sentence).not.toMatch(/Break-even points: \./);
    expect(sentence).toMatch(/\d{1,3}(,\d{3})+ USD/);
  });

  test('compare: no job lines without a job, an old price marked old and never the best', async ({ page }) => {
    // A 2023 Tencent V100 price beside two fresh A100 offers.
    await openAtlas(page, '?lang=en&sel=tencent%2FGN10Xp.2XLARGE40,aws%2Fp4d.24xlarge,lambda%2Fgpu_8x_a100&cmp=1');
    const table = page.locator('#compare-table');
    await expect(table).toBeVisible();
    await expect(table.locator('tr[data-row^="job-"]')).toHaveCount(0);
    // Each column is headed by its exact accelerator.
    await expect(table.locator('thead th').first()).toContainText('V100');
    const v100Price = table.locator('tr[data-row="price"] td').first();
    await expect(v100Price).toContainText('old');
    await expect(v100Price).not.toHaveClass(/best/);
    await expect(table.locator('tr[data-row="price"] td.best')).toHaveCount(1);
    // The V100 has no BF16: its FP16 figure says FP16.
    await expect(table.locator('tr[data-row="bf16"] td').first()).toContainText('FP16');
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('a Chinese browser', () => {
  test.use({ viewport: desktop, locale: 'zh-CN' });

  test('gets yuan, before and after the app takes over, and a link keeps its sender’s currency', async ({ page }) => {
    await openAtlas(page);
    await expect(page.locator('th[data-col="price"]')).toContainText('CNY');
    await expect(firstRow(page).locator('td.price-per-accelerator')).toContainText('¥');
    // Yuan is the language's currency: the address need not name it.
    await expect(page).not.toHaveURL(/cur=/);
    // A link without `cur` opens in the reader's currency; a link's `cur` is its sender's pick.
    await openAtlas(page, '?v=1&q=h100');
    await expect(page.locator('th[data-col="price"]')).toContainText('CNY');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await openAtlas(page, '?v=1&q=h100&cur=usd');
    await expect(page.locator('th[data-col="price"]')).toContainText('USD');
  });

  test('the pre-rendered Chinese screen is in yuan', async ({ page }) => {
    await holdTheApp(page);
    await page.gotoStatic('');
    await expect(page.locator('#prerendered')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.locator('#prerendered th[data-col="price"]')).toContainText('CNY');
    await expect(firstRow(page).locator('td.price-per-accelerator')).toContainText('¥');
  });

  test('the detail says its facts in Chinese only', async ({ page }) => {
    await openAtlas(page, '?lang=zh&detail=aws%2Fp5.48xlarge');
    await expect(page.locator('[data-fact="billing"] td').first()).not.toHaveText(/second|hour/);
    await expect(page.locator('[data-fact="minimum_charge"] th')).toHaveText('最低计费');
  });
});

test.describe('unknown host specs', () => {
  test.use({ viewport: desktop, locale: 'en-US' });

  test('read as a quiet dash, said as unknown, never as zero', async ({ page }) => {
    await openAtlas(page, '?lang=en&cols=provider,accelerator,price,vcpus,ram');
    const quiet = page.locator('#catalog td.vcpus .unknown.quiet').first();
    await expect(quiet).toBeVisible();
    await expect(quiet.locator('[aria-hidden="true"]')).toHaveText('—');
    await expect(quiet.locator('.visually-hidden')).toHaveText('unknown');
    await expect(quiet).toHaveAttribute('title', 'unknown');
    expect(await seriousViolations(page)).toEqual([]);
  });
});
