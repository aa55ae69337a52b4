// The static pages on a phone (issue 27): at 360 px a price table is a column of cards, its
// price on screen without scrolling sideways, and an accelerator is named short where room is
// short ("H100 SXM 80G") with the full name still in the link (read aloud, its title, and the
// page it opens). A wide screen keeps the tables as they were.
import { test, expect, seriousViolations } from './fixtures.mjs';

const H100 = 'gpu/h100-sxm5-80gb/';
const AWS = 'provider/aws/';
const PHONE = { width: 360, height: 740 };

/**
 * What the page shows of its price tables: for each table with a price per accelerator, where
 * the price cells of its first rows are, whether the table's frame must scroll sideways, and
 * the page's own overflow. Measured in the page, in CSS pixels of the layout viewport.
 */
async function priceTables(page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const tables = [...document.querySelectorAll('main table')].filter((t) =>
      t.querySelector('tbody td.price-per-accelerator'),
    );
    return {
      width,
      pageScrolls: document.documentElement.scrollWidth > width,
      tables: tables.map((t) => {
        const frame = t.closest('.table-scroll') ?? t;
        const where = t.closest('section[id], section[data-term], section[data-accelerator]');
        return {
          table: `${where?.id || where?.dataset.term || where?.dataset.accelerator || '?'}`,
          frameScrolls: frame.scrollWidth > frame.clientWidth + 1,
          prices: [...t.querySelectorAll('tbody tr')].slice(0, 3).map((tr) => {
            const td = tr.querySelector('td.price-per-accelerator');
            const r = td.getBoundingClientRect();
            return {
              text: td.innerText.trim(),
              left: Math.round(r.left),
              right: Math.round(r.right),
              // A price cut inside its own cell (a column too narrow for it) counts as off.
              clipped: td.scrollWidth > td.clientWidth + 1,
            };
          }),
        };
      }),
    };
  });
}

/**
 * The accelerator names of the first ten rows (of each table, and the headings that name a
 * provider page's accelerators): each with its page, the text a reader sees (not the full name
 * kept for screen readers), and whether anything cuts it.
 */
async function acceleratorNames(page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    // A link to an accelerator's page of this site ("../gpu/h100-sxm5-80gb/"), not a source.
    const named = (a) => /^(\.\.\/)*(zh\/)?gpu\/[^/]+\/$/.test(a.getAttribute('href'));
    const links = [
      ...[...document.querySelectorAll('main table')].flatMap((t) =>
        [...t.querySelectorAll('tbody tr')].slice(0, 10).flatMap((tr) => [...tr.querySelectorAll('a[href]')]),
      ),
      ...[...document.querySelectorAll('#by-accelerator h3 a')].slice(0, 10),
    ].filter(named);
    const shown = (node) => {
      const el = node.parentElement;
      const r = el.getBoundingClientRect();
      return el.getClientRects().length > 0 && r.width > 1 && r.height > 1;
    };
    return links.map((a) => {
      const walker = document.createTreeWalker(a, NodeFilter.SHOW_TEXT);
      let text = '';
      let cut = false;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!shown(node)) continue;
        text += node.textContent;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of range.getClientRects()) if (r.left < 0 || r.right > width + 0.5) cut = true;
      }
      // An ancestor that hides what overflows it (an ellipsis, a clipped cell) and does.
      for (let el = a; el && el !== document.body; el = el.parentElement) {
        const style = getComputedStyle(el);
        if (style.overflowX !== 'visible' && el.scrollWidth > el.clientWidth + 1 && !el.classList.contains('table-scroll')) cut = true;
        if (style.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth) cut = true;
      }
      return { id: a.getAttribute('href').match(/gpu\/([^/]+)\//)[1], text: text.replace(/\s+/g, ' ').trim(), cut, title: a.title };
    });
  });
}

test.describe('at 360 px', () => {
  test.use({ viewport: PHONE });

  for (const lang of ['en', 'zh']) {
    for (const path of [H100, AWS]) {
      const at = lang === 'zh' ? `zh/${path}` : path;
      test(`a static page's price column is on screen at 360 px: ${at}`, async ({ page }) => {
        await page.goto(at);
        await expect(page.locator('h1')).toBeVisible();
        const seen = await priceTables(page);
        expect(seen.width).toBeLessThanOrEqual(PHONE.width);
        expect(seen.pageScrolls, 'the page scrolls sideways').toBe(false);
        // Every term's table on the accelerator page (and its region groups), and every
        // accelerator's on the provider page.
        expect(seen.tables.length).toBeGreaterThan(path === H100 ? 2 : 5);
        for (const table of seen.tables) {
          expect(table.frameScrolls, `${table.table}: the table scrolls sideways`).toBe(false);
          expect(table.prices.length).toBeGreaterThan(0);
          for (const price of table.prices) {
            expect(price.text).toMatch(/\$[\d.,]+|unknown|未知/);
            expect(price.left, `${table.table}: ${price.text}`).toBeGreaterThanOrEqual(0);
            expect(price.right, `${table.table}: ${price.text}`).toBeLessThanOrEqual(seen.width);
            expect(price.clipped, `${table.table}: ${price.text} is cut`).toBe(false);
          }
        }

        // No accelerator name cut so that two variants look alike.
        const names = await acceleratorNames(page);
        if (path === AWS) expect(names.length).toBeGreaterThan(5);
        for (const name of names) expect(name.cut, `${name.id} (${name.text}) is cut`).toBe(false);
        const byText = new Map();
        for (const name of names) {
          const other = byText.get(name.text);
          expect(other === undefined || other === name.id, `${name.id} and ${other} both read "${name.text}"`).toBe(true);
          byText.set(name.text, name.id);
        }
      });
    }
  }

  // The model pages (issue 29): API prices, the memory table and the GPUs a model fits on,
  // and the index of models, each a column of cards whose prices are on screen.
  for (const lang of ['en', 'zh']) {
    for (const path of ['model/llama-3.1-70b/', 'model/deepseek-v3/', 'model/']) {
      const at = lang === 'zh' ? `zh/${path}` : path;
      test(`a model page's prices are on screen at 360 px: ${at}`, async ({ page }) => {
        await page.goto(at);
        await expect(page.locator('h1')).toBeVisible();
        const seen = await page.evaluate(() => {
          const width = document.documentElement.clientWidth;
          const cells = [...document.querySelectorAll('main tbody td:is(.blended, .price-per-accelerator)')];
          return {
            width,
            pageScrolls: document.documentElement.scrollWidth > width,
            framesScroll: [...document.querySelectorAll('main .table-scroll')]
              .filter((f) => f.scrollWidth > f.clientWidth + 1)
              .map((f) => f.querySelector('table').className),
            cells: cells.slice(0, 40).map((td) => {
              const r = td.getBoundingClientRect();
              return {
                text: td.innerText.trim(),
                left: Math.round(r.left),
                right: Math.round(r.right),
                clipped: td.scrollWidth > td.clientWidth + 1,
              };
            }),
          };
        });
        expect(seen.pageScrolls, 'the page scrolls sideways').toBe(false);
        expect(seen.framesScroll, 'tables that scroll sideways').toEqual([]);
        expect(seen.cells.length).toBeGreaterThan(2);
        for (const cell of seen.cells) {
          expect(cell.text).toMatch(/\$[\d.,]+|unknown|未知/);
          expect(cell.left, cell.text).toBeGreaterThanOrEqual(0);
          expect(cell.right, cell.text).toBeLessThanOrEqual(seen.width);
          expect(cell.clipped, `${cell.text} is cut`).toBe(false);
        }
      });
    }
  }

  test('the accelerator index names each variant short, the full name a tap away', async ({ page }) => {
    await page.goto('gpu/');
    const names = await acceleratorNames(page);
    expect(names.length).toBeGreaterThan(10);
    const byText = new Map();
    for (const name of names) {
      expect(name.cut, `${name.id} (${name.text}) is cut`).toBe(false);
      const other = byText.get(name.text);
      expect(other === undefined || other === name.id, `${name.id} and ${other} both read "${name.text}"`).toBe(true);
      byText.set(name.text, name.id);
    }
    const h100 = page.locator('tr[data-accelerator="h100-sxm5-80gb"] th a');
    await expect(h100.locator('.name-short')).toBeVisible();
    await expect(h100.locator('.name-short')).toHaveText('H100 SXM 80G');
    // The full name: its title, read aloud with the short one, and the page it opens.
    await expect(h100).toHaveAttribute('title', 'NVIDIA H100 SXM5 80GB');
    await expect(h100).toHaveAccessibleName(/NVIDIA H100 SXM5 80GB/);
    const price = await h100.locator('xpath=ancestor::tr').locator('td.price-per-accelerator').boundingBox();
    expect(price.x + price.width).toBeLessThanOrEqual(PHONE.width);
    await h100.click();
    await expect(page.locator('h1')).toHaveText('NVIDIA H100 SXM5 80GB');
  });

  for (const theme of ['light', 'dark']) {
    for (const path of [H100, `zh/${AWS}`, 'gpu/', 'model/llama-3.1-70b/', 'zh/model/']) {
      test(`axe at 360 px: ${path}, ${theme}`, async ({ page }) => {
        await page.emulateMedia({ colorScheme: theme });
        await page.goto(path);
        await expect(page.locator('h1')).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  }
});

test('on a wide screen the price tables stay tables and names stay whole', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(H100);
  const row = page.locator('section[data-term="on-demand"] tbody tr').first();
  expect(await row.evaluate((tr) => getComputedStyle(tr).display)).toBe('table-row');
  await expect(page.locator('section[data-term="on-demand"] thead th').first()).toBeVisible();
  await page.goto('gpu/');
  const h100 = page.locator('tr[data-accelerator="h100-sxm5-80gb"] th a');
  await expect(h100).toHaveText('NVIDIA H100 SXM5 80GB', { useInnerText: true });
  await expect(h100.locator('.name-short')).toBeHidden();
});
