// The browser half of the benchmark: drives Debian's headless Chromium (never a downloaded
// browser) against a served release build and writes what it measured as JSON.
//   node bench/browser.mjs --url http://127.0.0.1:8080/gpu-atlas/ [--runs 5] [--repeats 20]
//        [--scales real,10000,100000] [--out target/bench/browser.json]
// scripts/bench.sh runs it; bench/report.mjs turns its JSON into the report. It measures and
// reports; it asserts nothing about time.
//
// Per scale (the real catalog, or the catalog multiplied through the app's test-only
// `?bench-offers=N` switch) and per run, each in a fresh browser context (cold cache):
//  - a load: transfer of every file the page requests (raw, gzip -9, brotli), navigation to
//    the app's `gpu-atlas:table-painted` mark (set after the first frame painted with rows),
//    to first contentful paint, and to interactive (the end of the last long task before a
//    quiet window of QUIET_MS with none, or the paint itself); then JS heap (after a forced
//    GC), wasm linear memory, and DOM size;
//  - interactions, each repeated `--repeats` times: the input is dispatched at the start of an
//    animation frame (inside requestAnimationFrame) and timed until a task queued from there
//    runs (setTimeout 0), which is after that same frame's style, layout and paint. Leptos
//    applies updates in microtasks, which all run before the frame renders, so the time is
//    input -> updated table painted, without the wait for the next vsync (0-16.7 ms at 60 Hz)
//    that is the display's, not the app's. The app's own engine timings (`?bench-timings`)
//    and Chromium's main-thread counters (CDP Performance.getMetrics) split each sample into
//    engine, other script, style, layout and the rest.
import { chromium } from 'playwright-core';
import { writeFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { loadavg } from 'node:os';
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';
import { INIT, pageUrl, waitPainted } from './page.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const base = option('--url', 'http://127.0.0.1:8080/gpu-atlas/');
const runs = Number(option('--runs', '5'));
// An even count, so toggles (vendor filter, sort direction) end where they started.
const repeats = 2 * Math.ceil(Number(option('--repeats', '20')) / 2);
const scales = option('--scales', 'real,10000,100000').split(',');
const out = option('--out', 'target/bench/browser.json');
const QUIET_MS = 2_000;
const viewport = { width: 1400, height: 900 };

const say = (s) => process.stdout.write(`${s}\n`);

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    // performance.memory with exact numbers instead of bucketed ones.
    '--enable-precise-memory-info',
    // A headless page must not be throttled as if it were hidden.
    '--disable-renderer-backgrounding',
    '--disable-background-timer-throttling',
    '--disable-backgrounding-occluded-windows',
  ],
});
const version = browser.version();

const url = (scale, timings) => pageUrl(base, scale, timings);

function kind(path) {
  if (path.endsWith('/') || path.endsWith('.html')) return 'html';
  const ext = path.split('.').pop();
  if (ext === 'js' || ext === 'mjs') return 'js';
  if (ext === 'wasm') return 'wasm';
  if (ext === 'css') return 'css';
  if (ext === 'json' || ext === 'webmanifest') return 'data';
  if (['png', 'svg', 'ico', 'webp', 'jpg'].includes(ext)) return 'image';
  return 'other';
}

function sizes(body) {
  return {
    raw: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
    brotli: brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }).length,
  };
}

async function load(scale, recordTransfer) {
  const context = await browser.newContext({ viewport });
  await context.addInitScript(INIT);
  const page = await context.newPage();
  const files = [];
  if (recordTransfer) {
    page.on('response', (r) => {
      files.push(
        (async () => {
          const path = new URL(r.url()).pathname;
          let body = null;
          try {
            body = await r.body();
          } catch {
            // A redirect has no body.
          }
          return { path, status: r.status(), kind: kind(path), ...(body ? sizes(body) : { raw: 0, gzip: 0, brotli: 0 }) };
        })(),
      );
    });
  }
  // With the app's engine timings on: a handful of marks, so the load can be split up.
  await page.goto(url(scale, true), { waitUntil: 'domcontentloaded', timeout: 300_000 });
  await waitPainted(page);
  const interactiveAt = await page.evaluate((q) => window.__bench.quiet(q), QUIET_MS);
  const timing = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const fcp = performance.getEntriesByName('first-contentful-paint')[0];
    return {
      tablePaintedMs: performance.getEntriesByName('gpu-atlas:table-painted')[0].startTime,
      fcpMs: fcp ? fcp.startTime : null,
      domContentLoadedMs: nav ? nav.domContentLoadedEventEnd : null,
      loadEventMs: nav ? nav.loadEventEnd : null,
      longTasks: window.__bench.longTasks.length,
      longTaskMs: window.__bench.longTasks.reduce((t, [, d]) => t + d, 0),
      wasmResponseEndMs: performance.getEntriesByType('resource').find((r) => r.name.endsWith('.wasm'))?.responseEnd ?? null,
      appStartedMs: window.__bench.startedMs ?? null,
      // The app's own timings during load: the start's sliced work (the catalog's decode, the
      // explorer) summed over its slices, one measure each; the first filter/price/sort pass
      // and the rest as their first measure.
      engine: performance.getEntriesByType('measure').reduce((engine, m) => {
        const name = m.name.replace('gpu-atlas:', '');
        if (['catalog', 'explorer', 'search-texts'].includes(name)) engine[name] = (engine[name] ?? 0) + m.duration;
        else if (!(name in engine)) engine[name] = m.duration;
        return engine;
      }, {}),
    };
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('HeapProfiler.enable');
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = await cdp.send('Runtime.getHeapUsage');
  const dom = await cdp.send('Memory.getDOMCounters');
  const memory = await page.evaluate(() => ({
    usedJSHeapSize: performance.memory ? performance.memory.usedJSHeapSize : null,
    totalJSHeapSize: performance.memory ? performance.memory.totalJSHeapSize : null,
    wasmMemoryBytes: window.__bench.wasm && window.__bench.wasm.memory ? window.__bench.wasm.memory.buffer.byteLength : null,
    tableRowsInDom: document.querySelectorAll('#catalog tbody tr[data-offer]').length,
    rowCount: Number(document.querySelector('#catalog')?.getAttribute('aria-rowcount') || 0) - 1,
  }));
  await context.close();
  return {
    ...timing,
    interactiveMs: interactiveAt,
    heap: { ...memory, cdpUsedSize: heap.usedSize, cdpTotalSize: heap.totalSize, domNodes: dom.nodes, jsEventListeners: dom.jsEventListeners },
    files: recordTransfer ? await Promise.all(files) : null,
  };
}

async function metrics(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(metrics.map((m) => [m.name, m.value]));
}

const INTERACTIONS = ['search', 'vendor', 'sort', 'currency', 'weight', 'chart', 'marketCurrency', 'marketRegion'];

async function interact(scale) {
  // Service workers blocked: no update banner or cache work while timing.
  const context = await browser.newContext({ viewport, serviceWorkers: 'block' });
  await context.addInitScript(INIT);
  const page = await context.newPage();
  await page.goto(url(scale, true), { waitUntil: 'domcontentloaded', timeout: 300_000 });
  await waitPainted(page);
  await page.evaluate((q) => window.__bench.quiet(q), 1_000);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const result = {};
  const one = async (name, i, check) => {
    const before = await metrics(cdp);
    const s = await page.evaluate(([n, k]) => window.__bench.sample(n, k), [name, i]);
    const after = await metrics(cdp);
    const d = (key) => (after[key] - before[key]) * 1000;
    const sample = {
      ms: s.ms,
      handlersMs: s.handlers,
      engine: s.engine,
      rowsCreated: s.added,
      main: { task: d('TaskDuration'), script: d('ScriptDuration'), layout: d('LayoutDuration'), style: d('RecalcStyleDuration') },
    };
    if (check) {
      // Did anything change after the measured frame? Then the sample ended too early.
      await new Promise((r) => setTimeout(r, 300));
      const later = await page.evaluate(() => window.__bench.signature());
      sample.settled = later === s.signature;
    }
    return sample;
  };
  for (const name of INTERACTIONS) {
    if (name === 'weight') result.rankMode = [await one('rankMode', 0, true)];
    if (name === 'chart') result.chartsMode = [await one('chartsMode', 0, true)];
    if (name === 'marketCurrency') result.marketMode = [await one('marketMode', 0, true)];
    const samples = [];
    for (let i = 0; i < repeats; i++) samples.push(await one(name, i, i < 2));
    result[name] = samples;
  }
  await context.close();
  return result;
}

const started = Date.now();
const report = { chromium: version, url: base, runs, repeats, quietMs: QUIET_MS, viewport, scaleOrder: scales, loadAverage: { start: loadavg() }, scales: {} };
// One load first, not counted: Chromium's own start-up is not the app's first load.
await load('real', false);
for (const scale of scales) {
  const entry = (report.scales[scale] = { loads: [], interactions: [] });
  for (let run = 0; run < runs; run++) {
    const l = await load(scale, scale === 'real');
    entry.loads.push(l);
    say(
      `${scale.padStart(7)} run ${run + 1}/${runs}: table painted ${l.tablePaintedMs.toFixed(0)} ms, ` +
        `interactive ${l.interactiveMs.toFixed(0)} ms, wasm memory ${(l.heap.wasmMemoryBytes / 2 ** 20).toFixed(1)} MiB`,
    );
    const it = await interact(scale);
    entry.interactions.push(it);
    const p = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)].toFixed(1);
    say(`${' '.repeat(7)}   interactions p50 ms: ${INTERACTIONS.map((n) => `${n} ${p(it[n].map((s) => s.ms))}`).join(', ')}`);
  }
}
report.seconds = (Date.now() - started) / 1000;
report.loadAverage.end = loadavg();
await browser.close();
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, JSON.stringify(report, null, 1));
say(`written: ${out} (${report.seconds.toFixed(0)} s)`);
