// The static pages beside the app (src/site/pages): a page per accelerator and per provider
// that is complete without JavaScript, says what the app says (its cheapest offer is the
// app's first row for the same view), passes axe in both languages and themes, links to and
// from the app, and is listed in the sitemap.
import { test, expect, seriousViolations } from './fixtures.mjs';

const H100 = 'gpu/h100-sxm5-80gb/';
const AWS = 'provider/aws/';
const MODEL = 'model/llama-3.1-70b/';

/** What a table row shows of an offer, as text. */
async function offerRow(row) {
  return {
    offer: await row.getAttribute('data-offer'),
    provider: (await row.locator('td.provider a').innerText()).trim(),
    instance: (await row.locator('td.instance').innerText()).trim(),
    price: (await row.locator('td.price-per-accelerator').innerText()).trim(),
  };
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('an accelerator page is complete: specs, cheapest offers with dates and sources', async ({ page }) => {
    await page.goto(H100);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('h1')).toHaveText('NVIDIA H100 SXM5 80GB');
    await expect(page).toHaveTitle(/^NVIDIA H100 SXM5 80GB cloud prices: from \$[\d.,]+\/GPU-hour at .+ — \d+ providers compared/);
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description).toMatch(/sourced and dated/);

    // What it is: sourced specs.
    await expect(page.locator('#specs [data-spec="memory_gb"]')).toContainText('80 GB');
    await expect(page.locator('#specs [data-spec="memory_gb"] a')).toHaveAttribute('href', /^https?:\/\//);

    // The cheapest on-demand offers: a price per GPU-hour, a date and a source each.
    const rows = page.locator('section[data-term="on-demand"] tbody tr');
    expect(await rows.count()).toBeGreaterThan(1);
    const first = rows.first();
    await expect(first.locator('td.price-per-accelerator')).toHaveText(/\$[\d.,]+/);
    await expect(first.locator('td.as-of')).toHaveText(/\d{4}(-\d{2})?/);
    await expect(first.locator('td.source a')).toHaveAttribute('href', /^https?:\/\//);
    // Sorted cheapest first, as the app sorts.
    const prices = (await rows.locator('td.price-per-accelerator').allInnerTexts()).map((t) =>
      Number(t.replace(/[^\d.]/g, '')),
    );
    expect(prices).toEqual([...prices].sort((a, b) => a - b));

    // By region group and by seller.
    expect(await page.locator('#by-region tbody tr').count()).toBeGreaterThan(0);
    await expect(page.locator('#sellers tr[data-provider="aws"] a')).toHaveAttribute('href', '../../provider/aws/');

    // The other language, with the same offers.
    const cheapest = await first.getAttribute('data-offer');
    await page.locator('.lang-switch a').click();
    await expect(page).toHaveURL(/\/zh\/gpu\/h100-sxm5-80gb\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.locator('h1')).toHaveText('NVIDIA H100 SXM5 80GB');
    await expect(page.locator('section[data-term="on-demand"] tbody tr').first()).toHaveAttribute('data-offer', cheapest);
  });

  test('a provider page lists its offers by accelerator, each linked to its page', async ({ page }) => {
    await page.goto(AWS);
    await expect(page.locator('h1')).toContainText('Amazon Web Services');
    await expect(page.locator('#about [data-fact="storage"]')).toBeVisible();
    expect(await page.locator('#regions tbody tr').count()).toBeGreaterThan(0);
    const h100 = page.locator('#by-accelerator section[data-accelerator="h100-sxm5-80gb"]');
    await expect(h100.locator('tr[data-term="on-demand"] td.price-per-accelerator')).toHaveText(/\$[\d.,]+/);
    await expect(h100.locator('tr[data-term="on-demand"] td.source a')).toHaveAttribute('href', /^https?:\/\//);
    await h100.locator('h3 a').click();
    await expect(page).toHaveURL(/\/gpu\/h100-sxm5-80gb\/$/);
    await expect(page.locator('h1')).toHaveText('NVIDIA H100 SXM5 80GB');
  });

  test('the index pages lead to every accelerator and provider page', async ({ page }) => {
    await page.goto('gpu/');
    await expect(page.locator('tr[data-accelerator="h100-sxm5-80gb"] th a')).toHaveAttribute('href', '../gpu/h100-sxm5-80gb/');
    await page.goto('provider/');
    await page.locator('tr[data-provider="aws"] th a').click();
    await expect(page).toHaveURL(/\/provider\/aws\/$/);
  });
});

test('the page’s cheapest on-demand offer is the app’s first row after “Open in GPU Atlas”', async ({ page }) => {
  await page.goto(H100);
  const cheapest = await offerRow(page.locator('section[data-term="on-demand"] tbody tr').first());
  expect(cheapest.price).toMatch(/\$[\d.,]+/);
  // The headline says the same offer.
  await expect(page.locator('.lead .headline-price')).toHaveText(cheapest.price);
  await expect(page.locator('.lead')).toContainText(cheapest.provider);

  await page.locator('.open-app-link').click();
  // The app's own rows, once it has taken over its pre-rendered first screen.
  await expect(page.locator('#prerendered')).toHaveCount(0, { timeout: 20_000 });
  const first = page.locator('#catalog tbody tr[data-offer]').first();
  await expect(first).toBeVisible();
  expect(new URL(page.url()).searchParams.get('gpu')).toBe('h100-sxm5-80gb');
  const app = await offerRow(first);
  expect(app.offer).toBe(cheapest.offer);
  expect(app.provider).toBe(cheapest.provider);
  expect(app.instance).toBe(cheapest.instance);
  expect(app.price).toBe(cheapest.price);
  // Filtered to the variant and sorted by price per accelerator.
  const labels = await page.locator('#catalog td.accelerator').allInnerTexts();
  for (const label of labels) expect(label).toContain('H100 SXM5 80GB');
  await expect(page.locator('th[data-col="price-per-accelerator"]')).toHaveAttribute('aria-sort', 'ascending');
});

test('the offer detail links to its accelerator’s and provider’s pages', async ({ page }) => {
  await page.goto('?lang=en&detail=aws%2Fp5.48xlarge');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const link = dialog.locator('a[data-page="accelerator"]');
  await expect(link).toHaveText('All NVIDIA H100 SXM5 80GB offers');
  await expect(dialog.locator('a[data-page="provider"]')).toHaveAttribute('href', 'provider/aws/');
  await link.click();
  await expect(page).toHaveURL(/\/gpu\/h100-sxm5-80gb\/$/);
  await expect(page.locator('h1')).toHaveText('NVIDIA H100 SXM5 80GB');
});

test('a model page: API prices by blend, the GPUs it fits on, and the calculator on its size', async ({ page }) => {
  await page.goto(MODEL);
  await expect(page.locator('h1')).toHaveText('Llama 3.1 70B Instruct');
  await expect(page.locator('#facts [data-fact="params"]')).toHaveText('70.6 billion');
  const rows = page.locator('#api-prices tbody tr');
  expect(await rows.count()).toBeGreaterThan(1);
  const blends = (await rows.locator('td.blended').allInnerTexts()).map((t) => Number(t.replace(/[^\d.]/g, '')));
  expect(blends).toEqual([...blends].sort((a, b) => a - b));
  await expect(rows.first().locator('td.source a')).toHaveAttribute('href', /^https:\/\//);
  // A GPU it fits on leads to its page.
  const gpu = page.locator('#fits-on tbody tr').first();
  const id = await gpu.getAttribute('data-accelerator');
  await gpu.locator('th a').click();
  await expect(page).toHaveURL(new RegExp(`/gpu/${id}/$`));
  // The calculator opens on a serving job of 70.6 billion parameters.
  await page.goto(MODEL);
  await page.locator('.open-app-link').click();
  await expect(page.locator('#prerendered')).toHaveCount(0, { timeout: 20_000 });
  const url = new URL(page.url());
  expect(url.searchParams.get('job')).toBe('serve');
  expect(url.searchParams.get('j.p')).toBe('70.6');
});

test('the sitemap lists the app and the pages in both languages', async ({ request }) => {
  const response = await request.get('sitemap.xml');
  expect(response.ok()).toBe(true);
  const xml = await response.text();
  expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  for (const path of [H100, `zh/${H100}`, AWS, `zh/${AWS}`, 'gpu/', 'provider/', MODEL, `zh/${MODEL}`, 'model/']) {
    expect(xml).toMatch(new RegExp(`<loc>[^<]*/${path.replace(/\//g, '\\/')}</loc>`));
  }
});


for (const lang of ['en', 'zh']) {
  for (const theme of ['light', 'dark']) {
    for (const path of [H100, AWS, 'gpu/', MODEL, 'model/']) {
      test(`axe: ${lang === 'zh' ? 'zh/' : ''}${path}, ${theme}`, async ({ page }) => {
        await page.emulateMedia({ colorScheme: theme });
        await page.goto(lang === 'zh' ? `zh/${path}` : path);
        await expect(page.locator('h1')).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  }
}
