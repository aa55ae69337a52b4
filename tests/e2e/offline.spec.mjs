// Installable and offline: the manifest works under the sub-path, the app runs with the network
// cut after one visit, a new deploy is offered as a whole, and lost links find their way back.
import { cpSync, mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { test, expect, openAtlas } from './fixtures.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Waits until the service worker controls the page (it claims clients on activation) and
 * its cache holds the app's wasm. */
async function controlled(page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
    }
  });
  await expect
    .poll(() =>
      page.evaluate(async () => {
        for (const key of await caches.keys()) {
          const cache = await caches.open(key);
          if ((await cache.keys()).some((r) => r.url.endsWith('.wasm'))) return true;
        }
        return false;
      }),
    )
    .toBe(true);
}

test('the manifest is installable under the sub-path', async ({ page, request }) => {
  await openAtlas(page);
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifestUrl = new URL(href, page.url()).href;
  const manifest = await (await request.get(manifestUrl)).json();
  expect(manifest.name).toContain('GPU Atlas');
  expect(manifest.name).toMatch(/[\u4e00-\u9fff]/);
  // Relative start and scope resolve to the sub-path the app is served under.
  expect(new URL(manifest.start_url, manifestUrl).pathname).toBe('/gpu-atlas/');
  expect(new URL(manifest.scope, manifestUrl).pathname).toBe('/gpu-atlas/');
  const sizes = manifest.icons.map((i) => `${i.sizes}/${i.purpose}`);
  expect(sizes).toEqual(expect.arrayContaining(['192x192/any', '512x512/any', '512x512/maskable']));
  for (const icon of manifest.icons) {
    const response = await request.get(new URL(icon.src, manifestUrl).href);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('image/png');
  }
});

test.describe('offline', () => {
  // With the network cut, the browser's own check for a newer sw.js fails: that is expected.
  test.use({ expectedErrors: /request failed: .*\/sw\.js|ERR_INTERNET_DISCONNECTED/ });
  test('after one visit the app works with the network cut, and says it is offline', async ({ page, context }) => {
    await openAtlas(page);
    await controlled(page);
    await context.setOffline(true);
    await page.reload();
    // Generous waits: compiling the wasm again on a busy 2-core machine can take a while.
    await expect(page.locator('#catalog tbody tr[data-offer]').first()).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('#offline-badge')).toBeVisible();
    // A link with a query opens offline too: the whole app is one cached page.
    await page.goto('?anything=1');
    await expect(page.locator('#catalog tbody tr[data-offer]').first()).toBeVisible({ timeout: 20_000 });
    await context.setOffline(false);
  });
});

test.describe('a lost deep link', () => {
  // The lost address itself answers 404, as on GitHub Pages; the browser logs that.
  test.use({ expectedErrors: /status of 404|request failed: .*\/no\/such\/page/ });
  test('is sent back into the app with its query', async ({ page }) => {
    await page.goto('/gpu-atlas/no/such/page?lang=zh');
    // A Chinese first screen is priced in yuan (ViewState::first_screen), and its address says so.
    await expect(page).toHaveURL(/\/gpu-atlas\/\?(v=1&)?lang=zh&cur=cny(&cv=\d{4}-\d{2}-\d{2})?$/);
    await expect(page.locator('#catalog tbody tr[data-offer]').first()).toBeVisible();
  });
});

/** Serves a copy of dist/ on its own port, as a deploy that the test can then change. */
function servedCopy(port) {
  const site = { dir: '', server: null };
  test.beforeAll(async () => {
    site.dir = mkdtempSync(join(tmpdir(), 'gpu-atlas-deploy-'));
    cpSync(join(root, 'dist'), site.dir, { recursive: true });
    site.server = spawn('node', [join(root, 'scripts/serve.mjs'), site.dir, '--base', '/gpu-atlas/', '--port', String(port)], { stdio: 'ignore' });
    for (let i = 0; i < 50; i++) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/gpu-atlas/`)).ok) break;
      } catch {}
      await new Promise((r) => setTimeout(r, 100));
    }
  });
  test.afterAll(() => {
    site.server.kill();
    rmSync(site.dir, { recursive: true, force: true });
  });
  return site;
}

test.describe('a new deploy', () => {
  const port = 4199;
  const site = servedCopy(port);

  test('is offered as "reload", and reloading switches to it whole', async ({ page }) => {
    await page.goto(`http://127.0.0.1:${port}/gpu-atlas/`);
    await expect(page.locator('#catalog tbody tr[data-offer]').first()).toBeVisible();
    await controlled(page);
    await expect(page.locator('#update-banner')).toHaveCount(0);
    // Deploy: a new build means a new sw.js (its cache name is the build's content hash).
    const sw = join(site.dir, 'sw.js');
    writeFileSync(sw, readFileSync(sw, 'utf8').replace(/gpu-atlas-([0-9a-f]+)/, 'gpu-atlas-$1next'));
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
    await expect(page.locator('#update-banner')).toBeVisible();
    // The old version keeps running until the user agrees.
    const before = await page.evaluate(() => caches.keys());
    expect(before.some((k) => k.endsWith('next'))).toBe(true);
    await Promise.all([page.waitForEvent('load'), page.locator('#update-reload').click()]);
    await expect(page.locator('#catalog tbody tr[data-offer]').first()).toBeVisible();
    const after = await page.evaluate(() => caches.keys());
    expect(after).toEqual([after.find((k) => k.endsWith('next'))]);
  });
});

test.describe('a broken deploy', () => {
  const port = 4198;
  const site = servedCopy(port);

  test('leaves the working version in place, whole', async ({ page }) => {
    await page.goto(`http://127.0.0.1:${port}/gpu-atlas/`);
    await expect(page.locator('#catalog tbody tr[data-offer]').first()).toBeVisible();
    await controlled(page);
    const before = await page.evaluate(() => caches.keys());
    // A deploy whose file list names a file that is not there: its install must fail whole.
    const sw = join(site.dir, 'sw.js');
    writeFileSync(
      sw,
      readFileSync(sw, 'utf8')
        .replace(/gpu-atlas-([0-9a-f]+)/, 'gpu-atlas-$1broken')
        .replace('const FILES = [', 'const FILES = ["missing-part-of-the-deploy.wasm",'),
    );
    await page.evaluate(async () => {
      try {
        await (await navigator.serviceWorker.getRegistration()).update();
      } catch {}
    });
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).installing === null))
      .toBe(true);
    await expect(page.locator('#update-banner')).toHaveCount(0);
    expect(await page.evaluate(() => caches.keys())).toEqual(before);
    // Offline too, the old version still starts whole.
    await page.context().setOffline(true);
    await page.reload();
    await expect(page.locator('#catalog tbody tr[data-offer]').first()).toBeVisible();
    await page.context().setOffline(false);
  });
});
