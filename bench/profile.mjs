// Where an interaction's time goes: runs each benchmark action under Chromium's sampling
// profiler and lists the functions (wasm names included, when the build kept them) that the
// samples were taken in, per input.
//   node bench/profile.mjs --url http://127.0.0.1:8080/gpu-atlas/ [--scale real] [--repeats 40]
//        [--top 25] [--out target/profile/profile.md]
// scripts/profile.sh builds a release app that keeps its function names and runs this.
// Sampling misses short calls and Chromium's own rendering shows as "(program)": read the
// shares, not the exact milliseconds, and pair it with the benchmark's breakdown.
import { chromium } from 'playwright-core';
import { writeFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { INIT, pageUrl, waitPainted } from './page.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : fallback;
};
const base = option('--url', 'http://127.0.0.1:8080/gpu-atlas/');
const scale = option('--scale', 'real');
const repeats = 2 * Math.ceil(Number(option('--repeats', '40')) / 2);
const top = Number(option('--top', '25'));
const out = option('--out', 'target/profile/profile.md');
// Trying a stylesheet change without a build: `--css 'table.catalog { table-layout: fixed }'`.
const css = option('--css', '');
const only = option('--actions', 'search,vendor,sort,currency,weight,chart,marketRegion,marketCurrency').split(',');
const ACTIONS = ['search', 'vendor', 'sort', 'currency', 'weight', 'chart', 'marketRegion', 'marketCurrency'].filter((a) => only.includes(a));

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-timer-throttling'],
});
const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, serviceWorkers: 'block', bypassCSP: Boolean(css) });
await context.addInitScript(INIT);
const page = await context.newPage();
await page.goto(pageUrl(base, scale, false), { waitUntil: 'domcontentloaded', timeout: 300_000 });
await waitPainted(page);
if (css) await page.addStyleTag({ content: css });
await page.evaluate((q) => window.__bench.quiet(q), 1_000);
const cdp = await context.newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 50 });

// Rust symbols end in a hash; generic arguments make them long. Keep the path, drop the rest.
const shortName = (frame) => {
  const name = frame.functionName || '(anonymous)';
  const plain = name.replace(/::h[0-9a-f]{16}$/, '').replace(/<[^<>]*>/g, '');
  const where = frame.url && !frame.url.endsWith('.wasm') ? ` (${frame.url.split('/').pop()}:${frame.lineNumber + 1})` : '';
  return (plain.length > 110 ? `${plain.slice(0, 107)}…` : plain) + where;
};

// Self time per function from a profile: the interval before each sample goes to its node.
function selfTimes(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const times = new Map();
  let total = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const node = byId.get(profile.samples[i]);
    const ms = (profile.timeDeltas[i] || 0) / 1000;
    if (node.callFrame.functionName === '(idle)') continue;
    const name = shortName(node.callFrame);
    times.set(name, (times.get(name) || 0) + ms);
    total += ms;
  }
  return { times, total };
}

// Self time summed by the first path segment of each name (`tachys`, `gpu_atlas`, …);
// JavaScript (the wasm-bindgen glue, the harness) and Chromium's own entries stay as they are.
function crateShares(times, total, repeats) {
  const crates = new Map();
  for (const [name, ms] of times) {
    const key = name.startsWith('(') ? name : name.includes('::') ? name.replace(/^[<&\s]*(dyn )?/, '').split('::')[0] : 'JavaScript';
    crates.set(key, (crates.get(key) || 0) + ms);
  }
  return [...crates.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 10)
    .map(([k, ms]) => `${k} ${(ms / repeats).toFixed(2)} ms (${((100 * ms) / total).toFixed(0)} %)`)
    .join(', ');
}

// Chromium's own work per input, from a timeline trace of the renderer's main thread:
// style, layout (with how many objects it laid out), paint and the rest.
const RENDERING = ['UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'Commit', 'HitTest', 'FunctionCall', 'RunMicrotasks', 'MajorGC', 'MinorGC'];
async function trace(action) {
  const events = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8', transferMode: 'ReportEvents' });
  for (let i = 0; i < repeats; i++) await page.evaluate(([n, k]) => window.__bench.sample(n, k), [action, i]);
  await cdp.send('Tracing.end');
  await done;
  cdp.removeAllListeners('Tracing.dataCollected');
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const sums = new Map();
  let laidOut = 0;
  let layouts = 0;
  for (const e of events) {
    if (!main || e.tid !== main.tid || e.ph !== 'X' || !RENDERING.includes(e.name)) continue;
    sums.set(e.name, (sums.get(e.name) || 0) + e.dur / 1000);
    if (e.name === 'Layout' && e.args?.beginData) {
      layouts++;
      laidOut += e.args.beginData.dirtyObjects || 0;
    }
  }
  const parts = RENDERING.filter((n) => sums.has(n)).map((n) => `${n} ${(sums.get(n) / repeats).toFixed(2)}`);
  return `${parts.join(', ')} ms per input; ${layouts} layouts, ${(laidOut / Math.max(layouts, 1)).toFixed(0)} dirty objects each`;
}
const md = ['# Where interaction time goes', '', `Scale: ${scale}; ${repeats} inputs per action; sampling every 50 µs; self time per input (idle left out).`, ''];
for (const action of ACTIONS) {
  if (action === 'weight') await page.evaluate(() => window.__bench.sample('rankMode', 0));
  if (action === 'chart') await page.evaluate(() => window.__bench.sample('chartsMode', 0));
  // The market's actions run in the market view, entered once before the first of them.
  if (action.startsWith('market') && !ACTIONS.slice(0, ACTIONS.indexOf(action)).some((a) => a.startsWith('market'))) {
    await page.evaluate(() => window.__bench.sample('marketMode', 0));
  }
  await cdp.send('Profiler.start');
  let wall = 0;
  for (let i = 0; i < repeats; i++) wall += (await page.evaluate(([n, k]) => window.__bench.sample(n, k), [action, i])).ms;
  const { profile } = await cdp.send('Profiler.stop');
  const { times, total } = selfTimes(profile);
  const rows = [...times.entries()].sort((a, b) => b[1] - a[1]).slice(0, top);
  md.push(`## ${action}`, '', `Input to painted frame ${(wall / repeats).toFixed(1)} ms per input (mean); samples cover ${(total / repeats).toFixed(1)} ms of busy main thread per input.`, '');
  md.push('| ms per input | share | function |', '| --- | --- | --- |');
  for (const [name, ms] of rows) md.push(`| ${(ms / repeats).toFixed(2)} | ${((100 * ms) / total).toFixed(1)} % | \`${name.replace(/\|/g, '\\|')}\` |`);
  md.push('', 'By crate (self time): ' + crateShares(times, total, repeats), '');
  // The same action again, traced without the profiler: Chromium's own work beside the script.
  const rendering = await trace(action);
  md.push(`Main-thread trace events (FunctionCall and RunMicrotasks hold the app's script; the rest is Chromium's own work): ${rendering}.`, '');
  process.stdout.write(`${action}: ${(wall / repeats).toFixed(1)} ms per input; top: ${rows.slice(0, 3).map(([n, ms]) => `${n.slice(0, 60)} ${(ms / repeats).toFixed(2)}`).join('; ')}\n`);
}
await browser.close();
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${md.join('\n')}\n`);
process.stdout.write(`written: ${out}\n`);
