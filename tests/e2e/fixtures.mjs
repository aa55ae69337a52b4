// A `page` that fails the test on any console error, uncaught exception or failed request,
// except errors a test declares it expects (`test.use({ expectedErrors: /.../ })`).
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect } from '@playwright/test';

export const test = base.extend({
  // A RegExp (not an array: Playwright reads an array as [value, options]).
  expectedErrors: [null, { option: true }],
  page: async ({ page, expectedErrors }, use) => {
    const errors = [];
    const record = (text) => {
      if (!expectedErrors || !expectedErrors.test(text)) errors.push(text);
    };
    page.on('console', (msg) => {
      if (msg.type() === 'error') record(`console.error: ${msg.text()}`);
    });
    page.on('pageerror', (err) => record(`page error: ${err.message}`));
    untilTheAppRuns(page);
    page.on('requestfailed', (req) => {
      // A request the page itself abandoned (a favicon still loading when a test reloads or
      // navigates) is not a failure of the app.
      const why = req.failure()?.errorText ?? '';
      if (why !== 'net::ERR_ABORTED') record(`request failed: ${req.url()} ${why}`);
    });
    await use(page);
    expect(errors, 'the page logged errors').toEqual([]);
  },
});

export { expect };

/**
 * Makes `page.goto` and `page.reload` return once the app has taken over the pre-rendered
 * first screen (src/site/first_screen), whose controls are disabled until then: a test
 * clicking the moment the rows appear would otherwise click the static page. The raw calls
 * stay as `page.gotoStatic` and `page.reloadStatic` for the tests of the static page itself.
 */
export function untilTheAppRuns(page) {
  if (page.gotoStatic) return page;
  page.gotoStatic = page.goto.bind(page);
  page.reloadStatic = page.reload.bind(page);
  page.goto = async (...args) => appRuns(page, await page.gotoStatic(...args));
  page.reload = async (...args) => appRuns(page, await page.reloadStatic(...args));
  return page;
}

async function appRuns(page, response) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      if (await page.evaluate(() => !document.getElementById('prerendered'))) return response;
    } catch {
      // The page is navigating (the 404 page sends visitors to the app): ask the next one.
    }
    if (Date.now() > deadline) throw new Error('the app never took over the pre-rendered page');
    await page.waitForTimeout(25);
  }
}

/** Opens the app and waits until the catalog table has rows. */
/**
 * Holds every request for the app's wasm until the returned function is called: the page is
 * the pre-rendered screen until then.
 */
export async function holdTheApp(page) {
  let release;
  const gate = new Promise((resolve) => (release = resolve));
  await page.route('**/*_bg.wasm', async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

export async function openAtlas(page, query = '') {
  await page.goto(query);
  await expect(page.locator('#catalog tbody tr[data-offer]').first()).toBeVisible();
}

/**
 * Clicks a column header's sort button. The table renders the rows its window shows, so the
 * table's frame is brought on screen first: scrolling the page to a header below the fold
 * re-slices that window under the click, which then lands on a neighbouring header.
 */
export async function sortBy(page, column) {
  await page.locator('.table-wrap').evaluate((el) => el.scrollIntoView());
  await page.locator(`th[data-col="${column}"] button`).click();
}

/** axe-core's serious and critical WCAG 2.1 A/AA problems on the page, one line each. */
export async function seriousViolations(page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.length}× e.g. ${v.nodes[0].target.join(' ')} — ${v.help}`);
}
