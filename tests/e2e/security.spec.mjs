// GPU Atlas runs links and files strangers made: nothing typed, pasted or linked may become
// HTML, the page talks to no other origin, and a Content-Security-Policy backs both up.
import { test, expect, openAtlas } from './fixtures.mjs';

// Each payload would run script or add elements if it were ever inserted as HTML.
const PAYLOADS = [
  '"><img src=x id=pwned-img onerror="window.__pwned=1">',
  '<script>window.__pwned=1</script>',
  "'); window.__pwned=1; ('",
  '<svg onload="window.__pwned=1"><a id="pwned-link" href="javascript:window.__pwned=1">x</a></svg>',
];

/** Fails if any payload turned into markup or ran. */
async function expectInert(page) {
  const state = await page.evaluate(() => ({
    ran: window.__pwned === 1,
    injected: document.querySelectorAll('#pwned-img, #pwned-link, svg[onload], img[src="x"]').length,
  }));
  expect(state).toEqual({ ran: false, injected: 0 });
}

test.beforeEach(async ({ page }) => {
  page.on('dialog', (dialog) => {
    throw new Error(`a dialog opened: ${dialog.message()}`);
  });
  // Any policy violation means the page tried something the policy forbids.
  await page.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
});

test('the page carries a strict Content-Security-Policy and breaks none of it', async ({ page }) => {
  await openAtlas(page, '?lang=en');
  const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(policy).toContain("default-src 'self'");
  expect(policy).toContain("object-src 'none'");
  expect(policy).not.toContain('unsafe-inline');
  expect(policy).not.toMatch(/https?:/);
  // Walk the views that draw the most (rank bars, comparison, detail, QR code).
  await page.locator('#catalog tbody td.select input').first().check();
  await page.locator('#mode-rank').click();
  await expect(page.locator('#ranked li').first()).toBeVisible();
  await page.locator('#mode-table').click();
  await page.locator('#share-menu summary').click();
  await expect(page.locator('#share-qr')).toBeVisible();
  await page.locator('#share-menu summary').click();
  await page.locator('#catalog tbody tr[data-offer] .open-detail').first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await page.evaluate(() => window.__violations)).toEqual([]);
});

test('no request leaves the app origin during a session', async ({ page }) => {
  const foreign = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    const own = url.origin === new URL(page.url() === 'about:blank' ? req.url() : page.url()).origin;
    if (!own && url.protocol !== 'data:' && url.protocol !== 'blob:') foreign.push(req.url());
  });
  await openAtlas(page, '?lang=zh');
  await page.locator('#search').fill('h100');
  await page.locator('#currency').selectOption('CNY');
  await page.locator('#catalog tbody td.select input').first().check();
  await page.locator('#mode-rank').click();
  await expect(page.locator('#ranked li').first()).toBeVisible();
  await page.locator('#mode-table').click();
  await page.locator('#share-menu summary').click();
  await expect(page.locator('#share-qr')).toBeVisible();
  await page.reload();
  await expect(page.locator('#catalog tbody tr[data-offer]').first()).toBeVisible();
  // Every source link points elsewhere, but following one is the user's choice, not a request.
  expect(foreign).toEqual([]);
});

test('script payloads in every text field stay text', async ({ page }) => {
  await openAtlas(page, '?lang=en');
  for (const payload of PAYLOADS) {
    await page.locator('#search').fill(payload);
    await expect(page.locator('#search')).toHaveValue(payload);
    await expectInert(page);
  }
  await page.locator('#search').fill('');
  // The filters' range fields show what they could not read, quoting the input.
  const ranges = page.locator('aside.filters input[type="text"]');
  const rangeCount = await ranges.count();
  expect(rangeCount).toBeGreaterThan(3);
  for (let i = 0; i < rangeCount; i++) await ranges.nth(i).fill(PAYLOADS[i % PAYLOADS.length]);
  await expectInert(page);
  await page.locator('#custom-rate').fill(PAYLOADS[0]);
  await expectInert(page);
  await page.locator('#custom-rate').fill('');
  // A custom offer and a saved view named with payloads are listed as text.
  await page.locator('#custom-menu summary').click();
  await page.locator('#custom-seller').fill(PAYLOADS[0]);
  await page.locator('#custom-name').fill(PAYLOADS[1]);
  await page.locator('#custom-accelerator').selectOption('h100-sxm5-80gb');
  await page.locator('#custom-count').fill('8');
  await page.locator('#custom-price').fill('16');
  await page.locator('#custom-note').fill(PAYLOADS[3]);
  await page.locator('#add-custom').click();
  await expect(page.locator('#custom-list')).toContainText(PAYLOADS[0]);
  await page.locator('#custom-menu summary').click();
  await page.locator('#saved-menu summary').click();
  await page.locator('#view-name').fill(PAYLOADS[2]);
  await page.locator('#save-view').click();
  await expect(page.locator('#saved-list')).toContainText(PAYLOADS[2]);
  await expectInert(page);
  await page.reload();
  await expect(page.locator('#catalog tbody tr[data-offer]').first()).toBeVisible();
  await expectInert(page);
});

test('script payloads in every link parameter stay text', async ({ page }) => {
  const p = encodeURIComponent(PAYLOADS[0]);
  const keys = ['q', 'sel', 'detail', 'mem', 'price', 'prov', 'cols', 'sort', 'cur', 'rate', 'name', p];
  await page.goto(`?v=1&lang=en&${keys.map((k) => `${k}=${p}`).join('&')}`);
  await expect(page.locator('#catalog').first()).toBeVisible();
  await expect(page.locator('#link-notice')).toBeVisible();
  await expect(page.locator('#search')).toHaveValue(PAYLOADS[0]);
  await expectInert(page);
  await page.goto(`?v=1&lang=zh&q=${encodeURIComponent(PAYLOADS[1])}&sel=${encodeURIComponent(PAYLOADS[3])}`);
  await expect(page.locator('#catalog').first()).toBeVisible();
  await expectInert(page);
});
