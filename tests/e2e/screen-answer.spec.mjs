// The pre-rendered screen answers the visitor's own view before the app's page is built
// (src/ui/screen_answer.rs, issue 28): a shared link's view, a search typed while the app
// loaded, a box ticked once the first answer showed. Each answer is read at the moment the app
// writes it (a MutationObserver installed before the page's scripts: its callback runs before
// the app's next task, so the screen is still the page) and must be the app's own answer once
// it takes over: the same rows, cells, links and count.
import { test, expect, holdTheApp } from './fixtures.mjs';

/** Records, at each answer written into the screen, what the screen shows. */
async function recordScreenAnswers(page, onFirst) {
  await page.addInitScript((tick) => {
    window.__answers = [];
    new MutationObserver(() => {
      const screen = document.querySelector('#prerendered[data-answered]');
      if (!screen) return;
      window.__answers.push({
        rows: [...screen.querySelectorAll('#catalog tbody tr[data-offer]')].map((tr) => ({
          offer: tr.dataset.offer,
          cells: [...tr.querySelectorAll('td')].slice(1).map((td) => td.textContent.trim()),
          links: [...tr.querySelectorAll('a')].map((a) => a.href),
        })),
        headers: [...screen.querySelectorAll('#catalog thead th')].map((th) => th.textContent.trim()),
        count: screen.querySelector('[data-testid="shown-count"]')?.textContent,
        market: [...screen.querySelectorAll('#market tbody tr:not(.spacer)')].map((tr) => tr.textContent.trim()),
        marketCount: screen.querySelector('[data-testid="market-count"]')?.textContent,
        todayHidden: screen.querySelector('#today').hidden,
        selectedTab: screen.querySelector('[role="tablist"] [aria-selected="true"]')?.id,
        currency: screen.querySelector('#currency').value,
        shown: getComputedStyle(screen.querySelector('.table-wrap, #market')).visibility === 'visible',
      });
      // A tick on the screen right after its first answer, while it is still the page.
      if (tick && window.__answers.length === 1) {
        const box = screen.querySelector(`[data-filter="${tick}"]`);
        box.checked = true;
        box.dispatchEvent(new Event('input', { bubbles: true }));
      }
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-answered'] });
  }, onFirst ?? null);
}

/** The app's own rows, once it has taken the screen's place. */
async function appAnswer(page) {
  await expect(page.locator('#prerendered')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.locator('#catalog tbody tr[data-offer]').first()).toBeVisible();
  return {
    rows: await page.locator('#catalog tbody tr[data-offer]').evaluateAll((trs) =>
      trs.map((tr) => ({
        offer: tr.dataset.offer,
        cells: [...tr.querySelectorAll('td')].slice(1).map((td) => td.textContent.trim()),
        links: [...tr.querySelectorAll('a')].map((a) => a.href),
      })),
    ),
    headers: await page.locator('#catalog thead th').evaluateAll((ths) => ths.map((th) => th.textContent.trim())),
    count: await page.getByTestId('shown-count').textContent(),
  };
}


for (const { link, currency, every } of [
  { link: '?v=1&gpu=h100-sxm5-80gb&cur=eur&lang=en', currency: 'EUR', every: /H100 SXM5 80GB/ },
  // A job set: the table gains its fit, time and cost columns.
  { link: '?v=1&job=tune&lang=en', currency: 'USD', every: /./ },
]) {
  test(`a shared link's view is answered in the pre-rendered screen, as the app answers it (${link})`, async ({ page }) => {
    await recordScreenAnswers(page);
    await page.gotoStatic(link);
    const app = await appAnswer(page);
    const answers = await page.evaluate(() => window.__answers);
    expect(answers.length, 'answers written into the screen').toBeGreaterThan(0);
    const [first] = answers;
    expect(first.shown, "the link's answer shows").toBe(true);
    expect(first.currency).toBe(currency);
    expect(first.rows.length).toBeGreaterThan(3);
    for (const row of first.rows) expect(row.cells.join(' ')).toMatch(every);
    // The app's window starts with the rows the screen holds: the same offers, cells and links.
    expect(app.rows.slice(0, first.rows.length)).toEqual(first.rows);
    expect(app.headers).toEqual(first.headers);
    expect(app.count).toEqual(first.count);
  });
}

test("a link's answer is painted before the app's page is built", async ({ page }) => {
  // The task that writes the answer into the screen was followed at once by the page's
  // parts, each resumed ahead of the browser's rendering, so the answer waited 11-79 ms on a
  // desktop to be painted. A frame watcher notes the first frame to show the answer; the app
  // marks when its first part begins (`gpu-atlas:parts`, with ?bench-timings).
  await page.addInitScript(() => {
    const frame = (now) => {
      if (document.querySelector('#prerendered[data-answered]')) window.__answerFrame = performance.now();
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  await page.gotoStatic('?bench-timings&v=1&gpu=h100-sxm5-80gb&cur=eur&lang=en');
  await expect(page.locator('#prerendered')).toHaveCount(0, { timeout: 20_000 });
  const { answerFrame, parts } = await page.evaluate(() => ({
    answerFrame: window.__answerFrame,
    parts: performance.getEntriesByName('gpu-atlas:parts')[0]?.startTime,
  }));
  expect(answerFrame, 'a frame showed the answer').toBeGreaterThan(0);
  expect(parts, 'the parts began').toBeGreaterThan(0);
  expect(answerFrame).toBeLessThan(parts);
});

test("a link's answer is painted before the app's page is set up, and written once", async ({ page }) => {
  // The start answers the screen as soon as the explorer is built (screen_answer::answer_early):
  // setting up the app's page first took 20-40 ms more on a desktop. The app's own answer
  // then finds the rows written and writes only today's prices: the screen's table is
  // replaced once.
  await page.addInitScript(() => {
    window.__tables = 0;
    const frame = () => {
      if (document.querySelector('#prerendered[data-answered]')) window.__answerFrame = performance.now();
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    new MutationObserver((records) => {
      for (const r of records) {
        // Once the page is parsed: the parser's own table is not an answer.
        if (document.readyState === 'loading') continue;
        for (const n of r.addedNodes) if (n.classList?.contains('table-wrap') && n.closest('#prerendered')) window.__tables += 1;
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.gotoStatic('?bench-timings&v=1&gpu=h100-sxm5-80gb&cur=eur&lang=en');
  await expect(page.locator('#prerendered')).toHaveCount(0, { timeout: 20_000 });
  const { answerFrame, shell, tables } = await page.evaluate(() => ({
    answerFrame: window.__answerFrame,
    shell: performance.getEntriesByName('gpu-atlas:shell')[0]?.startTime,
    tables: window.__tables,
  }));
  expect(answerFrame, 'a frame showed the answer').toBeGreaterThan(0);
  expect(shell, "the app's page was set up").toBeGreaterThan(0);
  expect(answerFrame).toBeLessThan(shell);
  expect(tables, "the screen's table written once").toBe(1);
});

test("until a link is answered the default view's rows are not laid out, and nothing moves when they are replaced", async ({ page }) => {
  // Those rows are not the link's and are replaced whole: laying them out was a third of the
  // first frame's layout. Their frame keeps its height, so the answer moves nothing.
  await page.addInitScript(() => {
    window.__shifted = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__shifted += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const release = await holdTheApp(page);
  await page.gotoStatic('?v=1&gpu=h100-sxm5-80gb&cur=eur&lang=en');
  const waiting = await page.evaluate(() => {
    const wrap = document.querySelector('#prerendered .table-wrap');
    const table = wrap.querySelector('table');
    return { display: getComputedStyle(table).display, boxes: table.getClientRects().length, height: wrap.getBoundingClientRect().height };
  });
  expect(waiting.display).toBe('none');
  expect(waiting.boxes, 'no box laid out for the rows').toBe(0);
  expect(waiting.height, "the rows' frame keeps its height").toBeGreaterThan(300);
  release();
  // Read in the frame the answer is written (the app's page may take the screen's place soon
  // after): the rows laid out, in a frame of the same height.
  const answered = await (
    await page.waitForFunction(() => {
      const wrap = document.querySelector('#prerendered[data-answered] .table-wrap');
      const table = wrap?.querySelector('table');
      return table && table.getClientRects().length > 0 && { height: wrap.getBoundingClientRect().height, rows: table.querySelectorAll('tbody tr[data-offer]').length };
    }, null, { polling: 'raf' })
  ).jsonValue();
  expect(answered.rows).toBeGreaterThan(3);
  expect(answered.height).toBeCloseTo(waiting.height, 0);
  await expect(page.locator('#prerendered')).toHaveCount(0, { timeout: 20_000 });
  expect(await page.evaluate(() => window.__shifted)).toBeLessThan(0.005);
});

test("a link's answer does not wait for the offers' search texts, and a search finds them written", async ({ page }) => {
  // The start builds the explorer without the search texts (most of its build, issue 28) and
  // writes them in slices once the app's page is up (`gpu-atlas:search-texts`, with
  // ?bench-timings). A search then finds them all written: it writes none itself.
  await page.gotoStatic('?bench-timings&v=1&gpu=h100-sxm5-80gb&cur=eur&lang=en');
  await expect(page.locator('#prerendered')).toHaveCount(0, { timeout: 20_000 });
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByName('gpu-atlas:search-texts').length), { timeout: 10_000 })
    .toBeGreaterThan(0);
  const { answered, texts } = await page.evaluate(() => ({
    answered: performance.getEntriesByName('gpu-atlas:screen-answered')[0]?.startTime,
    texts: performance.getEntriesByName('gpu-atlas:search-texts').map((m) => m.startTime),
  }));
  expect(answered, 'the link was answered in the screen').toBeGreaterThan(0);
  expect(Math.min(...texts), 'no search text written before the answer').toBeGreaterThan(answered);
  // Once every slice has run, a search is answered from the texts written.
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByName('gpu-atlas:search-texts-written').length), { timeout: 10_000 })
    .toBeGreaterThan(0);
  const slices = await page.evaluate(() => performance.getEntriesByName('gpu-atlas:search-texts').length);
  await page.locator('#search').fill('h100 sxm');
  await expect(page.locator('#catalog tbody tr[data-offer]').first()).toContainText('H100');
  expect(await page.evaluate(() => performance.getEntriesByName('gpu-atlas:search-texts').length)).toBe(slices);
});

test("a link to the market is answered in the screen with the app's market", async ({ page }) => {
  await recordScreenAnswers(page);
  await page.addInitScript(() => {
    window.__shifted = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__shifted += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.gotoStatic('?v=1&mode=market&cur=eur&lang=en');
  await expect(page.locator('#prerendered')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.locator('#market tbody tr:not(.spacer)').first()).toBeVisible();
  const answers = await page.evaluate(() => window.__answers);
  expect(answers.length, 'answers written into the screen').toBeGreaterThan(0);
  const [first] = answers;
  expect(first.shown).toBe(true);
  expect(first.selectedTab).toBe('mode-market');
  expect(first.todayHidden, "the market shows no today's prices").toBe(true);
  expect(first.currency).toBe('EUR');
  expect(first.market.length).toBeGreaterThan(3);
  expect(first.market.join(' ')).toContain('€');
  // The app's market starts with the lines the screen held, and counts as it did.
  const app = await page.locator('#market tbody tr:not(.spacer)').evaluateAll((trs) => trs.map((tr) => tr.textContent.trim()));
  const both = Math.min(app.length, first.market.length);
  expect(both).toBeGreaterThan(3);
  expect(app.slice(0, both)).toEqual(first.market.slice(0, both));
  await expect(page.getByTestId('market-count')).toHaveText(first.marketCount);
  // The screen left out today's prices, the calculator and the columns' menu from its first
  // paint (start.js): answering the link moved nothing under them (it moved 0.03 when they
  // were dropped only then).
  expect(await page.evaluate(() => window.__shifted)).toBeLessThan(0.005);
});

test('a search typed while the app loads is answered in the screen, and a box ticked there at once', async ({ page }) => {
  await recordScreenAnswers(page, 'provider-aws');
  const release = await holdTheApp(page);
  await page.gotoStatic('?lang=en');
  await page.locator('#prerendered #search').fill('h100');
  release();
  const app = await appAnswer(page);
  const answers = await page.evaluate(() => window.__answers);
  expect(answers.length, 'the search answered, then the tick').toBeGreaterThanOrEqual(2);
  const [searched, ticked] = answers;
  expect(searched.rows.length).toBeGreaterThan(3);
  for (const row of searched.rows) expect(row.cells.join(' ')).toMatch(/H100/);
  expect(ticked.rows.length).toBeGreaterThan(0);
  expect(new Set(ticked.rows.map((r) => r.offer.split('/')[0]))).toEqual(new Set(['aws']));
  for (const row of ticked.rows) expect(row.cells.join(' ')).toMatch(/H100/);
  // The app takes both over and answers as the screen did.
  await expect(page.locator('#search')).toHaveValue('h100');
  await expect(page.locator('[data-filter="provider-aws"]')).toBeChecked();
  const last = answers.at(-1);
  expect(app.rows.slice(0, last.rows.length)).toEqual(last.rows);
  expect(app.count).toEqual(last.count);
});

test('the default view, untouched, is not written again', async ({ page }) => {
  await recordScreenAnswers(page);
  await page.gotoStatic('?lang=en');
  await appAnswer(page);
  expect(await page.evaluate(() => window.__answers)).toEqual([]);
});
