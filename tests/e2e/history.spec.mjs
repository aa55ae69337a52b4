// Price history: the detail of an offer whose price moved shows "last changed" and a step
// chart with its table; a link made with an older catalog version (`cv`) lists the prices of
// its view that changed since; a link without it says nothing. Every expected figure is read
// from catalog/history/, not written here. Axe clean, English and Chinese, desktop and phone.
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test, expect, openAtlas, seriousViolations } from './fixtures.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const historyDir = `${root}catalog/history`;

const OFFER = 'gcp/a3-highgpu-8g';
const REGION = 'us-central1';

/** Every row of a history file as an object keyed by the header's columns. */
function historyRows(provider) {
  const [header, ...lines] = readFileSync(`${historyDir}/${provider}.csv`, 'utf8').trim().split('\n');
  const columns = header.split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((cell, i) => [columns[i], cell])));
}

/** The catalog's version: the newest recorded day over every history file. */
function catalogVersion() {
  let newest = '';
  for (const file of readdirSync(historyDir).filter((f) => f.endsWith('.csv'))) {
    for (const row of historyRows(file.replace(/\.csv$/, ''))) if (row.recorded > newest) newest = row.recorded;
  }
  return newest;
}

/** The earliest day an as_of can mean, as a sortable string ("~2025" → "2025-01-01"). */
const earliest = (asOf) => {
  const [y, m = '01', d = '01'] = asOf.replace('~', '').split('-');
  return `${y}-${m}-${d}`;
};
/** Two amounts state the same price within a hundredth of a percent (catalog::history). */
const same = (a, b) => Math.abs(a - b) <= 1e-4 * Math.max(Math.abs(a), Math.abs(b));
const usd = (amount) => `$${amount.toFixed(2)}`;

/** The on-demand rows of the offer, per region, in file order. */
function offerHistory() {
  const byRegion = new Map();
  for (const row of historyRows('gcp')) {
    if (`gcp/${row.offer}` !== OFFER || row.term !== 'on-demand') continue;
    if (!byRegion.has(row.region)) byRegion.set(row.region, []);
    byRegion.get(row.region).push({ ...row, price: Number(row.price) });
  }
  return byRegion;
}

/** The offer's newest change over its regions: by the day the new value was true, then recorded. */
function newestChange() {
  let best = null;
  for (const region of [...offerHistory().keys()].sort()) {
    const rows = offerHistory().get(region);
    if (rows.length < 2) continue;
    let last = null;
    for (let i = 1; i < rows.length; i++) if (!same(rows[i - 1].price, rows[i].price)) last = { from: rows[i - 1], to: rows[i], region };
    if (!last) continue;
    const key = `${earliest(last.to.as_of)} ${last.to.recorded}`;
    if (!best || key >= best.key) best = { ...last, key };
  }
  return best;
}

async function openDetail(page, query = '&lang=en') {
  await openAtlas(page, `?detail=${encodeURIComponent(OFFER)}${query}`);
  await expect(page.locator('#detail-dialog')).toBeVisible();
  await expect(page.locator('#detail-history')).toBeVisible();
}

test('the detail of a price that moved shows when it last changed and its step chart with a table', async ({ page }) => {
  // An axe pass over the whole page (the table behind the dialog included) takes a while.
  test.setTimeout(90_000);
  const rows = offerHistory().get(REGION);
  expect(rows.length).toBeGreaterThanOrEqual(2);
  const change = newestChange();
  expect(change).not.toBeNull();
  await openDetail(page);
  const sentence = page.locator('[data-testid="last-changed"]');
  await expect(sentence).toContainText('Last changed');
  await expect(sentence).toContainText(`${usd(change.from.price)} → ${usd(change.to.price)}`);
  // The chart is drawn, and its table lists every recorded value of us-central1 with its date.
  const chart = page.locator('#price-history');
  await expect(chart.locator('canvas')).toBeVisible();
  await chart.locator('button.chart-as-table').click();
  const table = page.locator('#price-history-table');
  await expect(table).toBeVisible();
  for (const row of rows) {
    const date = row.as_of.replace('~', '≈');
    await expect(table.locator('tbody tr', { hasText: date }).filter({ hasText: usd(row.price) }).first()).toBeVisible();
  }
  // An estimated date stays marked as one.
  if (rows.some((r) => r.as_of.startsWith('~'))) await expect(table).toContainText('≈');
  expect(await seriousViolations(page)).toEqual([]);
});

test('the detail reads in Chinese and fits a phone', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await openDetail(page, '&lang=zh');
  await expect(page.locator('[data-testid="last-changed"]')).toContainText('最近一次变价');
  const section = page.locator('#detail-history');
  await section.scrollIntoViewIfNeeded();
  const box = await section.locator('canvas').boundingBox();
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);
});

test('an old link reports what changed', async ({ page }) => {
  const rows = offerHistory().get(REGION);
  const then = rows.filter((r) => r.recorded <= '2026-12-01').at(-1);
  const now = rows.at(-1);
  expect(then).toBeTruthy();
  expect(same(then.price, now.price)).toBe(false);
  await openAtlas(page, `?lang=en&q=a3-highgpu-8g&region=${encodeURIComponent(`gcp/${REGION}`)}&cv=2026-12-01`);
  const notice = page.locator('#since-notice');
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('changed since this link was made');
  const line = notice.locator('li', { hasText: `a3-highgpu-8g · ${REGION}` });
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(`${usd(then.price)} → ${usd(now.price)}`);
  // With the move as a share, called big past the refresh's review threshold (40 %).
  const share = now.price / then.price - 1;
  const [, sign, percent] = (await line.innerText()).match(/\(([+−])(\d+) %/) || [];
  expect(sign).toBe(share >= 0 ? '+' : '−');
  expect(Math.abs(Number(percent) - Math.abs(share) * 100)).toBeLessThanOrEqual(0.5);
  if (Math.abs(share) >= 0.4) await expect(line).toContainText('a big change');
  // The notice goes when dismissed; the view stays.
  await page.locator('#dismiss-since-notice').click();
  await expect(notice).toHaveCount(0);
  await expect(page.locator('#catalog tbody tr[data-offer]').first()).toBeVisible();
  // In Chinese too.
  await openAtlas(page, `?lang=zh&q=a3-highgpu-8g&region=${encodeURIComponent(`gcp/${REGION}`)}&cv=2026-12-01`);
  await expect(page.locator('#since-notice')).toContainText('自此链接生成以来');
});

test('a link without a catalog version reports nothing, and the address carries this catalog\'s', async ({ page }) => {
  await openAtlas(page, `?lang=en&q=a3-highgpu-8g&region=${encodeURIComponent(`gcp/${REGION}`)}`);
  await expect(page.locator('#catalog tbody tr[data-offer]').first()).toBeVisible();
  await expect.poll(() => new URL(page.url()).searchParams.get('cv')).toBe(catalogVersion());
  await expect(page.locator('#since-notice')).toHaveCount(0);
  await expect(page.locator('#link-notice')).toHaveCount(0);
});

test('a newer or unreadable catalog version is said plainly and the rest of the link applies', async ({ page }) => {
  await openAtlas(page, '?lang=en&q=a3-highgpu-8g&cv=2999-01-01');
  await expect(page.locator('#since-notice')).toContainText('newer catalog');
  await expect(page.locator('#search')).toHaveValue('a3-highgpu-8g');
  await openAtlas(page, '?lang=en&q=a3-highgpu-8g&cv=someday');
  await expect(page.locator('#link-notice')).toContainText('cv=someday');
  await expect(page.locator('#since-notice')).toHaveCount(0);
  await expect(page.locator('#search')).toHaveValue('a3-highgpu-8g');
});

test("the market's 90-day move is a column, written out or unknown, never blank", async ({ page }) => {
  await page.goto('?mode=market&lang=en');
  const head = page.locator('#market-table thead');
  await expect(head).toContainText('90-day move');
  const cells = page.locator('#market-table td.move');
  await expect(cells.first()).toBeVisible();
  for (const text of await cells.allInnerTexts()) expect(text.trim()).toMatch(/^(unknown|[▲▼=] .*\d+ offers?)$/);
});

test("a market link's first answer already shows the moves: the history is decoded before it", async ({ page }) => {
  // The start leaves the history's recorded prices undecoded until the first answer is on
  // screen, except for a view whose answer shows moves. The first market table painted, on
  // the pre-rendered screen or the app's, is read as it appears.
  await page.addInitScript(() => {
    const look = () => {
      const cells = document.querySelectorAll('#market-table td.move');
      if (cells.length && !window.__firstMoves) window.__firstMoves = [...cells].map((c) => c.textContent.trim());
      if (!window.__firstMoves) requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  await page.goto('?mode=market&lang=en');
  await expect.poll(() => page.evaluate(() => window.__firstMoves?.length ?? 0)).toBeGreaterThan(0);
  const first = await page.evaluate(() => window.__firstMoves);
  expect(first.some((text) => /^[▲▼=] /.test(text)), first.join(' | ')).toBe(true);
});

test("a link that opens an offer's detail shows when its price last changed from the first paint of the dialog", async ({ page }) => {
  // The history's recorded prices are decoded after the first answer, except for a view that
  // shows them at once; the dialog's sentence is read at every frame as it appears.
  await page.addInitScript(() => {
    window.__sentences = [];
    const look = () => {
      const text = document.querySelector('[data-testid="last-changed"]')?.textContent;
      if (text && window.__sentences.at(-1) !== text) window.__sentences.push(text);
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  await openAtlas(page, `?detail=${encodeURIComponent(OFFER)}&lang=en`);
  await expect(page.getByTestId('last-changed')).toContainText('Last changed');
  const seen = await page.evaluate(() => window.__sentences);
  expect(seen, seen.join(' | ')).toHaveLength(1);
});

test.describe('a damaged recorded price in the catalog file', () => {
  test('leaves the prices and the market working, shows no moves, and says what it could not read', async ({ page }) => {
    await page.route(/catalog-[0-9a-f]{16}\.json$/, async (route) => {
      const response = await route.fetch();
      const lines = (await response.text()).split('\n');
      // The history's second recorded price, cut short.
      const at = lines.findIndex((line) => line.startsWith('{"offer":')) + 1;
      lines[at] = lines[at].slice(0, 20);
      await route.fulfill({ response, body: lines.join('\n') });
    });
    await openAtlas(page, '?lang=en');
    await expect(page.locator('#history-notice')).toContainText('The price history could not be read');
    await expect(page.locator('#history-notice')).toContainText('price history 2');
    // The table is whole: the catalog's offers, priced.
    await expect(page.locator('#catalog tbody tr[data-offer]').first()).toBeVisible();
    // An offer's detail says its moves are unknown, not that its price never changed.
    await page.locator('#catalog tbody tr[data-offer] button.open-detail').first().click();
    await expect(page.getByTestId('last-changed')).toHaveText('Unknown: the price history could not be read.');
    await page.keyboard.press('Escape');
    await page.locator('#mode-market').click();
    const cells = page.locator('#market-table td.move');
    await expect(cells.first()).toBeVisible();
    for (const text of await cells.allInnerTexts()) expect(text.trim()).toBe('unknown');
  });
});
