// The start's benchmark (issue 28): what the main thread does between the first paint and the
// app's table, on a cold load, with or without a slowed CPU.
//   node bench/start.mjs --url http://127.0.0.1:8080/gpu-atlas/ [--runs 5] [--cpu 4]
//        [--before http://127.0.0.1:8081/gpu-atlas/] [--view 'v=1&gpu=h100-sxm5-80gb&cur=eur']
//        [--viewport 412x823] [--network 10/40] [--act search|filter]
//        [--with-network-domain] [--out target/bench/start.json]
// Per run, a fresh browser context (cold HTTP cache, no service worker) in Debian's Chromium,
// driven without the DevTools' Network domain, which would decode the catalog on the main
// thread as no visitor's browser does (bench/cdp.mjs), 1400×900 or `--viewport WxH` (a phone: 412x823, as Lighthouse's mobile profile), the CPU slowed `--cpu`
// times through the DevTools protocol, and with `--network MBPS/RTT` the network slowed to that
// many megabits a second each way and that many milliseconds of latency (loopback otherwise,
// where downloads take no time and only the CPU's order of work shows):
//  - longestTaskMs: the longest task (the Long Tasks API, > 50 ms) after the first contentful
//    paint — what a tap waits for at worst while the app gets ready;
//  - blockingMs: the sum over those tasks of their time beyond 50 ms (the first-paint-to-idle
//    part of Lighthouse's total blocking time, measured rather than simulated);
//  - paintedMs: the app's `gpu-atlas:table-painted` mark; fcpMs: first contentful paint;
//  - elements: elements in the document 2.5 s after the app's table is painted;
//  - answeredMs (with `--view`, a shared link's query): when the first row of that view's own
//    answer was painted — the pre-rendered screen's answer (`gpu-atlas:screen-answered`) or
//    the app's table, whichever came first (a build without the screen's answer: the table);
//  - with `--act search` or `--act filter`, a visitor who acts at once instead: "h100" typed
//    into the search box, or the Lambda provider box ticked, the moment the page takes it (the
//    pre-rendered control or the app's); actedMs is then, and answeredMs the end of the first
//    frame whose first table row is that answer's (an H100; a Lambda offer) and is the
//    engine's: the app's table, or the pre-rendered screen once the app has written its answer
//    there (`data-answered`, src/ui/screen_answer.rs).
// With `--before`, the same on another served build, run for run, for the before → after lines.
// `--with-network-domain` enables the DevTools' Network domain as Playwright does, to show what
// it costs (bench/cdp.mjs); the report's numbers are taken without it.
// It measures and reports; it asserts nothing about time.
import { launch } from './cdp.mjs';
import { writeFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const url = option('--url', 'http://127.0.0.1:8080/gpu-atlas/');
const before = option('--before', null);
const runs = Number(option('--runs', '5'));
const cpu = Number(option('--cpu', '1'));
const out = option('--out', 'target/bench/start.json');
const view = option('--view', null);
const [width, height] = option('--viewport', '1400x900').split('x').map(Number);
const network = option('--network', null);
const act = option('--act', null);
const withNetworkDomain = args.includes('--with-network-domain');
if (act && !['search', 'filter'].includes(act)) throw new Error(`--act search or --act filter, not ${act}`);
const [mbps, rtt] = network ? network.split('/').map(Number) : [];
const withView = (address) => (view ? `${address}${address.includes('?') ? '&' : '?'}${view}` : address);

async function once(browser, address) {
  const page = await browser.newPage({ width, height });
  await page.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  if (withNetworkDomain) await page.send('Network.enable');
  if (network) {
    // Throttling asks for the Network domain; with no room to keep bodies, Chromium decodes none
    // (see bench/cdp.mjs).
    if (!withNetworkDomain) await page.send('Network.enable', { maxTotalBufferSize: 0, maxResourceBufferSize: 0 });
    const throughput = (mbps * 1e6) / 8;
    await page.send('Network.emulateNetworkConditions', { offline: false, latency: rtt, downloadThroughput: throughput, uploadThroughput: throughput });
  }
  await page.addInitScript(() => {
    window.__tasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__tasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
  });
  if (act) await page.addInitScript(ACT, act);
  await page.goto(withView(address));
  await page.waitFor(() => performance.getEntriesByName('gpu-atlas:table-painted').length > 0);
  if (act) await page.waitFor(() => window.__act.answeredMs > 0);
  await page.wait(2500);
  const sample = await page.evaluate(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
    const after = window.__tasks.filter(([start]) => start >= fcp).map(([, d]) => d);
    const mark = (name) => performance.getEntriesByName(name)[0]?.startTime ?? Infinity;
    const painted = mark('gpu-atlas:table-painted');
    return {
      answeredMs: window.__act ? window.__act.answeredMs : Math.min(mark('gpu-atlas:screen-answered'), painted),
      actedMs: window.__act?.actedMs,
      fcpMs: fcp,
      paintedMs: painted,
      longestTaskMs: Math.max(0, ...after),
      blockingMs: after.reduce((sum, d) => sum + Math.max(0, d - 50), 0),
      elements: document.getElementsByTagName('*').length,
    };
  });
  await page.close();
  return sample;
}

// Installed before the page's scripts with `--act`: acts the moment the control takes input,
// then looks at each frame's start for the answer; the frame that shows it has painted when a
// task queued from there runs (at the user-blocking priority where there is one: a plain
// timeout waits behind the app's start, sliced in `scheduler.yield` continuations).
const ACT = (act) => {
  const a = (window.__act = {});
  const afterPaint = (task) =>
    window.scheduler?.postTask ? scheduler.postTask(task, { priority: 'user-blocking' }) : setTimeout(task);
  const control = () =>
    act === 'search' ? document.querySelector('#search') : document.querySelector('[data-filter="provider-lambda"]');
  const answer = (row) =>
    act === 'search' ? /H100/.test(row.querySelector('td.accelerator')?.textContent ?? '') : row.dataset.provider === 'lambda';
  const frame = () => {
    const el = control();
    if (a.actedMs === undefined && el && !el.disabled) {
      a.actedMs = performance.now();
      if (act === 'search') {
        el.value = 'h100';
        el.dispatchEvent(new Event('input', { bubbles: true }));
      } else el.click();
    }
    const row = document.querySelector('#catalog tbody tr[data-offer]');
    const screen = document.getElementById('prerendered');
    if (a.actedMs !== undefined && a.answeredMs === undefined && row && answer(row) && (!screen || screen.hasAttribute('data-answered'))) {
      a.answeredMs = null;
      afterPaint(() => (a.answeredMs = performance.now()));
    }
    if (a.answeredMs === undefined) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
};

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN;
};
const line = (samples, key) => {
  const xs = samples.map((s) => s[key]);
  return `${Math.round(median(xs))} (${Math.round(Math.min(...xs))}–${Math.round(Math.max(...xs))})`;
};

const browser = await launch();
const builds = before ? { before, after: url } : { after: url };
const samples = Object.fromEntries(Object.keys(builds).map((k) => [k, []]));
// One unmeasured load first absorbs Chromium's own start-up.
await once(browser, url);
for (let run = 0; run < runs; run++) {
  for (const [label, address] of Object.entries(builds)) samples[label].push(await once(browser, address));
}
await browser.close();

console.log(`the start${view ? ` of ?${view}` : ''}${act ? `, ${act === 'search' ? '"h100" typed' : 'a provider box ticked'} at once` : ''}, ${runs} cold loads each, ${width}×${height}, CPU ×${cpu}${network ? `, ${mbps} Mbit/s and ${rtt} ms` : ''}${withNetworkDomain ? ', the DevTools\' Network domain enabled' : ''}: median (min–max)`);
const keys = ['longestTaskMs', 'blockingMs', 'paintedMs', 'fcpMs', 'elements'];
for (const key of [...(view || act ? ['answeredMs'] : []), ...(act ? ['actedMs'] : []), ...keys]) {
  const cells = Object.keys(builds).map((label) => `${label} ${line(samples[label], key)}`);
  console.log(`  ${key.padEnd(14)} ${cells.join('  →  ')}`);
}
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, JSON.stringify({ url, before, view, act, runs, cpu, network, viewport: { width, height }, samples }, null, 2));
