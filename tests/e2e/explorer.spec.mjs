// The explorer as a user drives it: filters, units, currency, columns, compare, details,
// export, language and theme. Counts and prices are checked against what the engine computes
// natively for the same views (tests/e2e_expectations.rs writes them before this suite runs).
import { readFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test, expect, openAtlas, untilTheAppRuns } from './fixtures.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const expected = JSON.parse(readFileSync(`${root}target/e2e-expectations.json`, 'utf8'));
const shots = `${root}target/screenshots`;
mkdirSync(shots, { recursive: true });

const shownCount = async (page) => Number(await page.getByTestId('shown-count').innerText());
const expectCount = async (page, n) => expect(page.getByTestId('shown-count')).toHaveText(String(n));
const priceCell = (page, offer, col = 'price') => page.locator(`#catalog tr[data-offer="${offer}"] td.${col}`);

test.beforeEach(async ({ page }) => {
  // A fixed language for stable text, whatever the machine's locale.
  await page.addInitScript(() => {
    if (!localStorage.getItem('gpu-atlas.preferences')) {
      localStorage.setItem('gpu-atlas.preferences', JSON.stringify({ lang: 'en', theme: 'system' }));
    }
  });
});

test('each filter group shows exactly the engine’s count, as chips that remove themselves', async ({ page }) => {
  await openAtlas(page);
  const c = expected.counts;
  await expectCount(page, c.default);
  const steps = [
    ['memory-per-accelerator>=80', async () => page.locator('#range-mem').fill('>=80')],
    ['search-h100', async () => page.locator('#search').fill('h100')],
    ['provider-aws', async () => page.locator('[data-filter="provider-aws"]').check()],
    ['vendor-amd', async () => page.locator('[data-filter="vendor-amd"]').check()],
    ['link-nvlink', async () => page.locator('[data-filter="link-nvlink"]').check()],
    ['area-eu', async () => page.locator('[data-filter="area-eu"]').check()],
    ['area-cn', async () => page.locator('[data-filter="area-cn"]').check()],
    ['term-spot', async () => page.locator('#term').selectOption('spot')],
    // Serverless GPUs (billed per second, scaled to zero) are their own term.
    ['term-serverless', async () => page.locator('#term').selectOption('serverless')],
    ['hide-unknown', async () => page.locator('[data-filter="hide-unknown"]').check()],
    ['kubernetes', async () => page.locator('[data-filter="kubernetes"]').check()],
  ];
  for (const [name, act] of steps) {
    await act();
    await expectCount(page, c[name]);
    if (name.startsWith('term-')) {
      await page.locator('#term').selectOption('on-demand');
    } else {
      // Each filter shows as a chip; its × removes it and restores the full list.
      const chips = page.locator('.chips .chip');
      await expect(chips).toHaveCount(1);
      await chips.first().locator('button').click();
    }
    await expectCount(page, c.default);
  }
  // Several at once, then one click clears them all.
  await page.locator('#search').fill('h100');
  await page.locator('[data-filter="provider-aws"]').check();
  await expect(page.locator('.chips .chip')).toHaveCount(2);
  expect(await shownCount(page)).toBeLessThan(c['search-h100']);
  await page.locator('#clear-filters').click();
  await expect(page.locator('.chips .chip')).toHaveCount(0);
  await expectCount(page, c.default);
});

test('on a phone the folded filters are built when first opened, and filter at once', async ({ page }) => {
  // Folded on a phone, the filters' groups (some 270 elements) wait until the fold opens:
  // before, they were the start's largest part, built for a fold nobody had opened.
  await page.setViewportSize({ width: 390, height: 844 });
  await openAtlas(page);
  const fold = page.locator('.filters-fold');
  await expect(fold).not.toHaveAttribute('open');
  await expect(page.locator('.filters-fold [data-filter]')).toHaveCount(0);
  const all = await shownCount(page);
  await fold.locator(':scope > summary').click();
  await page.locator('[data-filter="provider-aws"]').check();
  await expect(page.locator('.chips .chip')).toHaveCount(1);
  expect(await shownCount(page)).toBeLessThan(all);
  for (const row of await page.locator('#catalog tbody tr[data-offer]').all()) {
    await expect(row).toHaveAttribute('data-provider', 'aws');
  }
  // Folding and opening again keeps the boxes as they were.
  await fold.locator(':scope > summary').click();
  await fold.locator(':scope > summary').click();
  await expect(page.locator('[data-filter="provider-aws"]')).toBeChecked();
});

test('the filters are built once: not again when the browser says they opened, nor when opened again', async ({ page }) => {
  // The fold is created open on a desktop, and the browser then fires its `toggle`. Setting
  // the "opened" flag again there rebuilt every group (270 elements, 15 ms on a desktop, 60 on
  // a phone's CPU, right after the app took over), and again each time the fold was opened.
  // The groups are written into the fold once, each box once: an element removed from it or a
  // box added a second time is a rebuild, and once built it sees no change at all.
  await page.addInitScript(() => {
    window.__records = 0;
    window.__removed = [];
    window.__added = {};
    new MutationObserver((records) => {
      for (const r of records) {
        const target = r.target.nodeType === 1 ? r.target : r.target.parentElement;
        const fold = target?.closest('.filters-fold');
        if (!fold || fold.closest('#prerendered')) continue;
        if (r.type === 'attributes' && target === fold && r.attributeName === 'open') continue;
        window.__records++;
        if (r.type !== 'childList') continue;
        // The framework's placeholder comment in an empty element goes when it is first filled.
        for (const node of r.removedNodes) if (node.nodeType !== 8) window.__removed.push(`${target.tagName} lost ${node.nodeName}`);
        for (const node of r.addedNodes) {
          if (node.nodeType !== 1) continue;
          for (const box of [node, ...node.querySelectorAll('[data-filter]')]) {
            const key = box.getAttribute('data-filter');
            if (key) window.__added[key] = (window.__added[key] ?? 0) + 1;
          }
        }
      }
    }).observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
  });
  await openAtlas(page);
  const fold = page.locator('.filters-fold');
  await expect(fold).toHaveAttribute('open');
  await expect(page.locator('[data-filter="provider-aws"]')).toBeVisible();
  await page.waitForTimeout(500);
  const built = await page.evaluate(() => window.__records);
  await fold.locator(':scope > summary').click();
  await expect(fold).not.toHaveAttribute('open');
  await fold.locator(':scope > summary').click();
  await expect(page.locator('[data-filter="provider-aws"]')).toBeVisible();
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => window.__records)).toBe(built);
  expect(await page.evaluate(() => window.__removed)).toEqual([]);
  // Every box the app's panel holds was added, once.
  const added = await page.evaluate(() => window.__added);
  const boxes = await page.locator('aside.filters [data-filter]').evaluateAll((els) => els.map((e) => e.dataset.filter));
  expect(boxes.length).toBeGreaterThan(100);
  expect(Object.keys(added).sort()).toEqual([...boxes].sort());
  expect(Object.entries(added).filter(([, n]) => n !== 1)).toEqual([]);
});

test('a range that cannot be read says why inline and filters nothing', async ({ page }) => {
  await openAtlas(page);
  await page.locator('#range-mem').fill('lots');
  await expect(page.locator('#range-mem-error')).toContainText('is not a number');
  await expect(page.locator('#range-mem')).toHaveAttribute('aria-invalid', 'true');
  await expectCount(page, expected.counts.default);
  await page.locator('#range-mem').fill('48..24');
  await expect(page.locator('#range-mem-error')).toContainText('smaller number first');
  await page.locator('#range-mem').fill('24..48');
  await expect(page.locator('#range-mem-error')).toHaveText('');
  expect(await shownCount(page)).toBeLessThan(expected.counts.default);
});

test('currency and units convert prices exactly as the engine does', async ({ page }) => {
  await openAtlas(page);
  const offer = expected.offer;
  await page.locator('#search').fill('p5.48xlarge');
  const money = (n, symbol) =>
    symbol + n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  await expect(priceCell(page, offer)).toHaveText(money(expected.price.usd, '$'));
  await page.locator('#currency').selectOption('CNY');
  // Converted: CNY = USD × the stated rate, and marked as converted.
  await expect(priceCell(page, offer)).toHaveText('≈' + money(expected.price.cny, '¥'));
  await expect(priceCell(page, offer).locator('abbr.converted')).toHaveAttribute('title', 'converted');
  await expect(page.locator('th[data-col="price"]')).toContainText('CNY per instance per hour');
  // The user's own rate replaces the reference rate.
  await page.locator('#custom-rate').fill('8');
  await expect(priceCell(page, offer)).toHaveText('≈' + money(expected.price.cny_at_8, '¥'));
  // Text that is not a rate changes nothing: the last good rate stays in force, and says so.
  await page.locator('#custom-rate').fill('eight');
  await expect(page.locator('.custom-rate .field-error')).toHaveText(
    /^Not a rate\. A USD→CNY rate must be between \d+\.\d\d and \d+\.\d\d \(within 10× of the reference\): your rate of 8 still applies\.$/,
  );
  await expect(priceCell(page, offer)).toHaveText('≈' + money(expected.price.cny_at_8, '¥'));
  await page.locator('#custom-rate').fill('');
  await expect(priceCell(page, offer)).toHaveText('≈' + money(expected.price.cny, '¥'));
  await page.locator('#currency').selectOption('USD');
  // Per accelerator, then per month.
  await page.locator('#basis').selectOption('accelerator');
  await expect(priceCell(page, offer)).toHaveText(money(expected.price.usd_per_accelerator, '$'));
  await page.locator('#duration').selectOption('month');
  await expect(priceCell(page, offer)).toHaveText(money(expected.price.usd_per_accelerator * 730, '$'));
  await expect(page.locator('th[data-col="price"]')).toContainText('USD per accelerator per month');
});

test('the column chooser hides, finds and resets columns', async ({ page }) => {
  await openAtlas(page);
  await page.locator('#columns-menu summary').click();
  await page.locator('#columns-menu input[data-col="regions"]').uncheck();
  await expect(page.locator('#catalog th[data-col="regions"]')).toHaveCount(0);
  await page.locator('#columns-menu .column-find').fill('bandw');
  await expect(page.locator('#columns-menu li:visible')).toHaveCount(1);
  await page.locator('#columns-menu input[data-col="bandwidth"]').check();
  await expect(page.locator('#catalog th[data-col="bandwidth"]')).toHaveCount(1);
  await page.locator('#reset-columns').click();
  await expect(page.locator('#catalog th[data-col="regions"]')).toHaveCount(1);
  await expect(page.locator('#catalog th[data-col="bandwidth"]')).toHaveCount(0);
});

test('selected offers compare side by side with the best value marked', async ({ page }) => {
  await openAtlas(page);
  await page.locator('#search').fill('h100 sxm');
  // The table's frame on screen first, as `sortBy` does: below the fold, the click's own
  // scroll re-sliced the rows under it (more rows, wider columns, a taller header), so the
  // click landed on the table 19 px above the box it aimed at (the test's one flake).
  await page.locator('.table-wrap').evaluate((el) => el.scrollIntoView());
  const boxes = page.locator('#catalog tbody td.select input');
  for (let i = 0; i < 3; i++) await boxes.nth(i).check();
  await expect(page.getByTestId('selected-count')).toHaveText('3');
  await page.locator('#open-compare').click();
  const dialog = page.locator('#compare-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('thead th')).toHaveCount(3);
  // The cheapest per-accelerator price is marked best, and it is the lowest number shown
  // among prices that are not old (an old price is marked old and never called the best).
  const line = dialog.locator('tr[data-row="price-per-accelerator"] td');
  const values = (await line.allInnerTexts())
    .filter((t) => !/old/i.test(t))
    .map((t) => Number(t.replace(/[^\d.]/g, '').replace(/^\.+/, '')));
  const best = dialog.locator('tr[data-row="price-per-accelerator"] td.best');
  await expect(best).toHaveCount(values.filter((v) => v === Math.min(...values)).length);
  await expect(best.first()).toContainText('best');
  await dialog.screenshot({ path: `${shots}/compare-desktop-en.png` });
  // The keyboard focus moved into the dialog, and comes back to the Compare button.
  await expect(dialog.locator('button.close')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('#open-compare')).toBeFocused();
});

test('scrolling through the table moves nothing: the header keeps its height, the columns their labels', async ({ page }) => {
  // The table renders the rows its window shows; with each header label as wide as its
  // column, a price column narrowed by the short prices scrolled in wrapped its label onto
  // more lines, the header grew 38 px and every row below it jumped.
  await page.setViewportSize({ width: 1280, height: 720 });
  await openAtlas(page);
  await page.evaluate(() => {
    window.__shifts = [];
    new PerformanceObserver((list) => window.__shifts.push(...list.getEntries().map((e) => e.value))).observe({ type: 'layout-shift' });
  });
  const header = () => page.locator('#catalog thead').evaluate((el) => Math.round(el.getBoundingClientRect().height));
  const labels = () => page.locator('#catalog thead th button').evaluateAll((buttons) => buttons.map((b) => `${b.textContent}:${Math.round(b.getBoundingClientRect().height)}`));
  const wrap = page.locator('.table-wrap');
  await wrap.evaluate((el) => el.scrollIntoView());
  const height = await header();
  const before = await labels();
  const box = await wrap.boundingBox();
  await page.mouse.move(box.x + 60, box.y + 200);
  const rows = new Set();
  for (let i = 0; i < 8; i++) {
    await page.mouse.wheel(0, 300);
    await expect.poll(() => wrap.evaluate((el) => el.scrollTop)).toBeGreaterThan(i * 300);
    // Each step brings rows the window did not hold before.
    rows.add(await page.locator('#catalog tbody tr[data-offer]').first().getAttribute('data-offer'));
    expect(await header(), `header height after ${i + 1} steps`).toBe(height);
  }
  expect(rows.size).toBeGreaterThan(4);
  expect(await labels()).toEqual(before);
  expect(await page.evaluate(() => window.__shifts)).toEqual([]);
});

test('the detail view lists specs, every regional price with the cheapest marked, facts and the CLI', async ({ page }) => {
  await openAtlas(page);
  await page.locator('#search').fill('p5.48xlarge');
  await page.locator(`#catalog tr[data-offer="${expected.offer}"] .open-detail`).click();
  const dialog = page.locator('#detail-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('h2')).toContainText('p5.48xlarge');
  await expect(dialog.locator('tr[data-spec="bf16_tflops"] td').first()).toHaveText('989');
  await expect(dialog.locator('tr[data-spec="bf16_tflops"] a')).toHaveAttribute('href', /^https:\/\//);
  const onDemand = dialog.locator('table.prices[data-term="OnDemand"] tbody tr');
  expect(await onDemand.count()).toBeGreaterThan(3);
  // The cheapest region is marked; regions tied at that price are all marked, and only they.
  const cheapest = dialog.locator('table.prices[data-term="OnDemand"] tr.cheapest');
  expect(await cheapest.count()).toBeGreaterThanOrEqual(1);
  const markedPrices = await cheapest.evaluateAll((rows) => rows.map((r) => r.querySelectorAll('td.numeric')[1].textContent));
  expect(new Set(markedPrices).size).toBe(1);
  const allPrices = await onDemand.evaluateAll((rows) => rows.map((r) => r.querySelectorAll('td.numeric')[1].textContent));
  expect(allPrices.filter((p) => p === markedPrices[0]).length).toBe(markedPrices.length);
  await expect(dialog.locator('tr[data-fact="kubernetes"] td').first()).not.toHaveText('unknown');
  await expect(dialog.locator('#detail-cli code').first()).toContainText('aws ec2 describe-instance-types');
  await expect(dialog.locator('#detail-cli code').first()).toContainText('p5.48xlarge');
  await dialog.screenshot({ path: `${shots}/detail-desktop-en.png` });
  await dialog.locator('button.close').click();
  await expect(dialog).toHaveCount(0);
});

test('export writes the visible columns as CSV, Markdown and JSON with units in headers', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openAtlas(page);
  await page.locator('[data-filter="provider-aws"]').check();
  const rows = await shownCount(page);
  await page.locator('#export-menu summary').click();

  const [csvDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.locator('[data-export="download-csv"]').click(),
  ]);
  expect(csvDownload.suggestedFilename()).toMatch(/^gpu-atlas-\d{4}-\d{2}-\d{2}\.csv$/);
  const csvText = readFileSync(await csvDownload.path(), 'utf8');
  // A byte-order mark first, so Excel on Windows reads the Chinese names right.
  expect(csvText.startsWith('\uFEFF')).toBe(true);
  const csv = csvText.slice(1).trim().split('\r\n');
  expect(csv.length).toBe(rows + 1);
  // Every price travels with its date, region and source, even when those columns are hidden.
  for (const claim of ['Native currency', 'Price date', 'Price region', 'Source']) expect(csv[0]).toContain(claim);
  expect(csv[0]).toContain('Price (USD per instance per hour)');
  expect(csv[0]).toContain('Accel. mem. (GB)');
  // Plain numbers in number cells: no currency symbols, no units, no grouping commas.
  const header = csv[0].split(',');
  const priceAt = header.findIndex((h) => h.startsWith('Price ('));
  const memAt = header.findIndex((h) => h.startsWith('Accel. mem.'));
  for (const line of csv.slice(1)) {
    const cells = line.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/);
    expect(cells[priceAt]).toMatch(/^(\d+(\.\d+)?)?$/);
    expect(cells[memAt]).toMatch(/^(\d+(\.\d+)?)?$/);
  }

  const [jsonDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.locator('[data-export="download-json"]').click(),
  ]);
  const json = JSON.parse(readFileSync(await jsonDownload.path(), 'utf8'));
  expect(json.rows.length).toBe(rows);
  expect(typeof json.rows.find((r) => r.price !== null).price).toBe('number');
  expect(json.columns.map((c) => c.key)).toContain('price');

  await page.locator('[data-export="copy-md"]').click();
  await expect(page.locator('[data-export="copy-md"]')).toHaveText('Copied');
  const md = await page.evaluate(() => navigator.clipboard.readText());
  const lines = md.trim().split('\n');
  expect(lines.length).toBe(rows + 2);
  expect(lines[1]).toMatch(/^\| --- \|/);

  // Copied CSV is text to paste: no byte-order mark.
  await page.locator('[data-export="copy-csv"]').click();
  await expect(page.locator('[data-export="copy-csv"]')).toHaveText('Copied');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.startsWith('\uFEFF')).toBe(false);
  expect(copied.split('\r\n')[0]).toBe(csv[0]);
});

test('the page speaks Chinese on request, remembers it, and follows the chosen theme', async ({ page }) => {
  await openAtlas(page);
  await page.locator('#language').selectOption('zh-CN');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.locator('#catalog th[data-col="provider"]')).toContainText('服务商');
  await expect(page.locator('.result-count')).toContainText('个报价');
  await page.reload();
  await expect(page.locator('#catalog th[data-col="provider"]')).toContainText('服务商');
  await page.locator('#theme').selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).toBe('rgb(17, 20, 24)');
});

test('a Chinese browser gets Chinese without being asked', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'zh-CN' });
  const page = untilTheAppRuns(await context.newPage());
  await page.goto('');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.locator('#catalog th[data-col="instance"]')).toContainText('实例');
  await context.close();
});

for (const [lang, code] of [['en', 'en'], ['zh', 'zh-CN']]) {
  for (const [device, viewport] of [['desktop', { width: 1400, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
    test(`screenshots: table, compare and detail — ${device}, ${lang}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await openAtlas(page);
      await page.locator('#language').selectOption(code);
      await page.screenshot({ path: `${shots}/table-${device}-${lang}.png` });
      // The table renders the rows its window shows: bring its frame on screen first, so
      // scrolling to a checkbox does not re-slice the window under the click (on a phone the
      // table sits below the filters).
      await page.locator('.table-wrap').evaluate((el) => el.scrollIntoView());
      const boxes = page.locator('#catalog tbody td.select input');
      await expect(boxes.first()).toBeVisible();
      for (let i = 0; i < 3; i++) await boxes.nth(i).check();
      await page.locator('#open-compare').click();
      await expect(page.locator('#compare-dialog')).toBeVisible();
      await page.screenshot({ path: `${shots}/compare-${device}-${lang}.png` });
      await page.keyboard.press('Escape');
      // On a phone the instance's button sits under the frozen columns once scrolled to: the
      // click goes to the button itself, as a tap after a sideways swipe would.
      await page.locator('#catalog .open-detail').first().dispatchEvent('click');
      await expect(page.locator('#detail-dialog')).toBeVisible();
      await page.screenshot({ path: `${shots}/detail-${device}-${lang}.png` });
      // Nothing spills sideways on a phone: the page itself never scrolls horizontally.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(1);
    });
  }
}

test('a provider is named once, in the reader\'s language', async ({ page }) => {
  // English: the provider's own name, no Chinese beside it.
  await openAtlas(page, '?lang=en&q=p5.48xlarge');
  const aws = page.locator('#catalog tbody tr[data-provider="aws"] td.provider').first();
  await expect(aws).toHaveText('Amazon Web Services (EC2)');
  await expect(page.locator('[data-filter="provider-aws"]').locator('..')).toHaveText('Amazon Web Services (EC2)');
  // Chinese: its Chinese name, once; a provider whose Chinese name is its name is not doubled.
  await openAtlas(page, '?lang=zh&q=p5.48xlarge');
  await expect(page.locator('#catalog tbody tr[data-provider="aws"] td.provider').first()).toHaveText('亚马逊云科技');
  await expect(page.locator('[data-filter="provider-aws"]').locator('..')).toHaveText('亚马逊云科技');
  await openAtlas(page, '?lang=zh&q=autodl');
  await expect(page.locator('#catalog tbody tr[data-provider="autodl"] td.provider').first()).toHaveText('AutoDL');
});

test('an absurd custom rate is refused, a rate in force is marked, and it never reaches the euro view', async ({ page }) => {
  // Searched narrowly, so the offer's row is among the rows the table's window renders.
  await openAtlas(page, '?lang=en&q=autodl%20rtx-4090');
  const offer = 'autodl/rtx-4090-24gb-x1';
  await expect(priceCell(page, offer)).toHaveText(/¥|\$/);
  await page.locator('#currency').selectOption('EUR');
  const euros = await priceCell(page, offer).innerText();
  await page.locator('#currency').selectOption('CNY');
  await expect(page.locator('#custom-rate-marker')).toHaveCount(0);
  await page.locator('#custom-rate').fill('8');
  for (const marker of ['#custom-rate-marker', '#status-custom-rate']) {
    await expect(page.locator(marker)).toHaveText(/^Custom rate in use: 1 USD = 8 CNY \(reference \d+\.\d{4}, \d{4}-\d{2}-\d{2}\)$/);
  }
  const cheapest = await page.locator('#catalog tbody tr[data-offer] td.price').first().innerText();
  await page.locator('#custom-rate').fill('1e-300');
  await expect(page.locator('.custom-rate .field-error')).toContainText(/must be between \d+\.\d\d and \d+\.\d\d \(within 10× of the reference\): your rate of 8 still applies\./);
  await expect(page.locator('#custom-rate')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#catalog tbody tr[data-offer] td.price').first()).toHaveText(cheapest);
  await expect(page.locator('#custom-rate-marker')).toContainText('1 USD = 8 CNY');
  // The link keeps the last good rate (the address is written after a short pause).
  await expect.poll(() => new URL(page.url()).searchParams.get('rate')).toBe('8');
  // The euro view is served by the reference rates: no marker, the same euros as before.
  await page.locator('#currency').selectOption('EUR');
  await expect(page.locator('#custom-rate-marker')).toHaveCount(0);
  await expect(page.locator('#status-custom-rate')).toHaveCount(0);
  await expect(priceCell(page, offer)).toHaveText(euros);
});

test('a range that is not a number or is negative says so, and filters nothing', async ({ page }) => {
  await openAtlas(page, '?lang=en');
  const all = await page.getByTestId('shown-count').innerText();
  const box = page.locator('#range-mem');
  await box.fill('NaN');
  await expect(page.locator('#range-mem-error')).toContainText('“NaN” is not a number.');
  await expect(page.locator('#range-mem-error')).not.toContainText('too large');
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  await box.fill('-5..-1');
  await expect(page.locator('#range-mem-error')).toHaveText(
    'Memory per accelerator (GB) cannot be negative: “-5..-1” goes below 0.',
  );
  await expect(page.getByTestId('shown-count')).toHaveText(all);
  await box.fill('>=80');
  await expect(box).toHaveAttribute('aria-invalid', 'false');
  await expect.poll(async () => Number(await page.getByTestId('shown-count').innerText())).toBeLessThan(Number(all));
});

test('table rows patched in place as a search narrows and widens them are the rows its own link paints', async ({ page }) => {
  // ui::plain keeps the elements both trees have when the row count changes; a fresh page of
  // the same view is the plain reading.
  await page.setViewportSize({ width: 1400, height: 900 });
  await openAtlas(page);
  const rows = (p) =>
    p.locator('#catalog tbody tr[data-offer]').evaluateAll((trs) => {
      // Markup with each element's attributes in name order: a patched element keeps the
      // order its attributes were first set in, which the page does not depend on.
      const text = (n) =>
        n.nodeType === 3
          ? n.data
          : `<${n.tagName}${[...n.attributes].map((a) => ` ${a.name}="${a.value}"`).sort().join('')}>${[...n.childNodes].map(text).join('')}</${n.tagName}>`;
      return trs.map(text);
    });
  const all = await rows(page);
  // Fewer offers than a window's rows, then more again.
  await page.locator('#search').fill('mi300x');
  await expect.poll(async () => (await rows(page)).length).toBeLessThan(all.length);
  await expect(page).toHaveURL(/q=mi300x/);
  const narrowed = await rows(page);
  const fresh = await page.context().newPage();
  await fresh.setViewportSize({ width: 1400, height: 900 });
  await fresh.goto(page.url());
  await expect(fresh.locator('#catalog tbody tr[data-offer]').first()).toBeVisible();
  // A fresh page may hold a few more rows until it has measured its frame: the rows both
  // hold are the same, in the same order.
  expect(narrowed.length).toBeGreaterThan(3);
  expect((await rows(fresh)).slice(0, narrowed.length)).toEqual(narrowed);
  await page.locator('#search').fill('');
  // Back to every offer: the first rows as the page first showed them.
  await expect
    .poll(async () => {
      const now = await rows(page);
      return now.length > 3 && JSON.stringify(now) === JSON.stringify(all.slice(0, now.length));
    })
    .toBe(true);
});
