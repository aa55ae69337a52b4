// Installable and offline: the manifest works under the sub-path, the app runs with the network
// cut after one visit, so do the static pages visited (each in its language, saying how old it
// is), a new deploy is offered as a whole, and lost links find their way back.
import { cpSync, mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { test, expect, openAtlas, holdTheApp } from './fixtures.mjs';

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

test('the service worker is installed once the app has taken over, not during its start', async ({ page }) => {
  // Installing it reads and stores every file (5 MB): begun at the page's load, it slowed a
  // first visitor's start. Held back, the app cannot take over; the worker waits for it.
  const release = await holdTheApp(page);
  await page.gotoStatic('');
  await page.waitForFunction(() => document.readyState === 'complete');
  await page.waitForTimeout(1500);
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
  release();
  await expect(page.locator('#prerendered')).toHaveCount(0, { timeout: 20_000 });
  await controlled(page);
});

test.describe('offline pages (issue 27)', () => {
  // With the network cut, the browser's own check for a newer sw.js fails, and a page never
  // opened here answers 503 from the worker: both expected.
  test.use({ expectedErrors: /request failed: .*\/sw\.js|ERR_INTERNET_DISCONNECTED|status of 503/ });
  const visited = {
    en: ['gpu/h100-sxm5-80gb/', 'provider/aws/'],
    zh: ['zh/gpu/h100-sxm5-80gb/', 'zh/provider/aws/'],
  };

  test('visit, go offline, reload the app and two visited pages in each language', async ({ page, context }) => {
    test.setTimeout(90_000);
    await openAtlas(page, '?lang=en');
    await controlled(page);
    const built = await page.locator('#catalog-stats time').getAttribute('datetime');
    expect(built).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Each page as it reads online: its language, and its lead sentence with the cheapest price.
    const online = {};
    for (const path of [...visited.en, ...visited.zh]) {
      await page.gotoStatic(path);
      await expect(page.locator('main .money').first()).toBeVisible();
      online[path] = {
        lang: await page.locator('html').getAttribute('lang'),
        lead: await page.locator('main .lead').first().textContent(),
        prices: await page.locator('main .money').count(),
      };
      await expect(page.locator('footer')).toContainText(built);
    }
    await openAtlas(page, '?lang=zh');
    // Saving happens after the page is answered: wait until every visited page is kept.
    await expect
      .poll(() =>
        page.evaluate(async (paths) => {
          if (!(await caches.has('gpu-atlas-pages'))) return [];
          const keys = (await (await caches.open('gpu-atlas-pages')).keys()).map((r) => r.url);
          return paths.filter((p) => keys.includes(new URL(p, location.href).href));
        }, [...visited.en, ...visited.zh]),
      )
      .toHaveLength(4);

    await context.setOffline(true);
    // The app, in each language: the catalog's rows, the offline badge in that language and the
    // catalog's date.
    for (const [lang, badge, stats] of [
      ['en', 'offline — showing the catalog saved on this device', 'catalog built'],
      ['zh', '离线——显示本机保存的目录', '目录构建于'],
    ]) {
      await page.goto(`?lang=${lang}`);
      await page.reload();
      await expect(page.locator('#catalog tbody tr[data-offer]').first()).toBeVisible({ timeout: 20_000 });
      await expect(page.locator('html')).toHaveAttribute('lang', lang === 'zh' ? 'zh-CN' : 'en');
      await expect(page.locator('#offline-badge')).toHaveText(badge);
      await expect(page.locator('#catalog-stats')).toContainText(`${stats} ${built}`);
    }
    // Each visited page, opened and reloaded: the same content in the same language, and a note
    // in that language saying it is shown offline, when it was saved and the catalog's date.
    for (const lang of ['en', 'zh']) {
      for (const path of visited[lang]) {
        for (const open of [() => page.gotoStatic(path), () => page.reloadStatic()]) {
          const response = await open();
          expect(response.status(), path).toBe(200);
          await expect(page.locator('html')).toHaveAttribute('lang', online[path].lang);
          await expect(page.locator('main .lead').first()).toHaveText(online[path].lead);
          await expect(page.locator('main .money')).toHaveCount(online[path].prices);
          const note = page.locator('#offline-note');
          await expect(note).toBeVisible();
          // Saved today (or yesterday, when the test runs across midnight).
          if (lang === 'en') {
            await expect(note).toHaveText(
              new RegExp(`^Offline — this page as saved on this device on \\d{4}-\\d{2}-\\d{2} \\((today|yesterday)\\)\\. Its prices are those of the catalog built ${built} \\(`),
            );
          } else {
            await expect(note).toHaveText(
              new RegExp(`^离线——显示本机于 \\d{4}-\\d{2}-\\d{2}（(今天|昨天)）保存的此页面。其中价格来自 ${built}（`),
            );
            // Nothing English on a Chinese page's note: Chinese, digits and dashes only.
            expect(await note.textContent()).not.toMatch(/[A-Za-z]/);
          }
          await expect(page.locator('body')).not.toContainText('could not load');
        }
      }
    }
    await context.setOffline(false);
  });

  test('a page never opened here says so offline, in its own language, and leads into the app', async ({ page, context }) => {
    test.setTimeout(60_000);
    await openAtlas(page, '?lang=zh');
    await controlled(page);
    await page.gotoStatic('zh/gpu/h100-sxm5-80gb/');
    await expect(page.locator('main .money').first()).toBeVisible();
    await expect
      .poll(() =>
        page.evaluate(async () => {
          if (!(await caches.has('gpu-atlas-pages'))) return false;
          return !!(await caches.match(location.href, { cacheName: 'gpu-atlas-pages' }));
        }),
      )
      .toBe(true);
    await context.setOffline(true);
    for (const [path, lang, heading, link] of [
      ['gpu/a100-sxm4-40gb/', 'en', 'This page is not saved on this device', /^Open GPU Atlas/],
      ['zh/gpu/a100-sxm4-40gb/', 'zh-CN', '此页面未保存在本设备上', /^打开 GPU Atlas/],
    ]) {
      const response = await page.gotoStatic(path);
      expect(response.status()).toBe(503);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.locator('h1')).toHaveText(heading);
      await expect(page.locator('.open-app a')).toHaveText(link);
      if (lang === 'zh-CN') {
        // The words are Chinese (the app's name aside), and the one saved Chinese page is listed.
        for (const words of ['h1', '#offline-note', 'h2']) {
          expect((await page.locator(words).textContent()).replace('GPU Atlas', '')).not.toMatch(/[A-Za-z]/);
        }
        expect((await page.locator('.open-app a').textContent()).replace('GPU Atlas', '')).not.toMatch(/[A-Za-z]/);
        await expect(page.locator('.saved-pages a')).toHaveCount(1);
        await expect(page.locator('.saved-pages a')).toContainText('NVIDIA H100 SXM5 80GB');
      } else {
        await expect(page.locator('.saved-pages a')).toHaveCount(0);
      }
    }
    // The way into the app works offline, in the page's language.
    await page.locator('.open-app a').click();
    await expect(page.locator('#catalog tbody tr[data-offer]').first()).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.locator('#offline-badge')).toHaveText('离线——显示本机保存的目录');
    await context.setOffline(false);
  });
});

test.describe('a lost deep link', () => {
  // The lost address itself answers 404, as on GitHub Pages; the browser logs that.
  test.use({ expectedErrors: /status of 404|request failed: .*\/no\/such\/page/ });
  test('is sent back into the app with its query', async ({ page }) => {
    await page.goto('/gpu-atlas/no/such/page?lang=zh');
    // The query survives; a Chinese view is priced in yuan, the language's currency, which the
    // address need not name (a link without `cur` opens in its reader's language's currency).
    await expect(page).toHaveURL(/\/gpu-atlas\/\?(v=1&)?lang=zh(&cv=\d{4}-\d{2}-\d{2})?$/);
    await expect(page.locator('#catalog tbody tr[data-offer]').first()).toBeVisible();
    await expect(page.locator('#currency')).toHaveValue('CNY');
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
