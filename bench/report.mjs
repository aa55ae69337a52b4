// Turns the benchmark's raw results into target/bench/report.json and report.md and prints the
// summary with each budget line met (✓) or not (✗). A report, not a test: it exits 0 whatever
// the numbers are (it fails only when the browser results are missing).
//   node bench/report.mjs [--dir target/bench]
// Reads from the folder: browser.json (bench/browser.mjs), engine.json (bench_engine),
// lighthouse.json or lighthouse-error.txt, twiggy-top.txt (the shipped wasm) and
// twiggy-names.json (the wasm before wasm-opt, which still has function names).
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fmtSpread, quantile, round, spread } from './stats.mjs';

const args = process.argv.slice(2);
const dir = (() => {
  const i = args.indexOf('--dir');
  return i >= 0 ? args[i + 1] : 'target/bench';
})();
const read = (name) => (existsSync(join(dir, name)) ? readFileSync(join(dir, name), 'utf8') : null);
const readJson = (name) => {
  const text = read(name);
  return text ? JSON.parse(text) : null;
};

const browser = readJson('browser.json');
if (!browser) {
  console.error(`no ${join(dir, 'browser.json')}: run bench/browser.mjs first`);
  process.exit(1);
}
const engine = readJson('engine.json');
// Lighthouse runs (lighthouse-1.json, ...): the scores' median, the details of the median run.
const lighthouseRuns = (existsSync(dir) ? readdirSync(dir) : [])
  .filter((f) => /^lighthouse-\d+\.json$/.test(f))
  .map((f) => readJson(f))
  .filter((r) => r && r.categories && !r.runtimeError);
const lighthouseError = read('lighthouse-error.txt');

// Budgets from issue 8 (this machine's headless Chromium, no throttling, loopback).
const BUDGET = {
  firstLoadGzipBytes: 250_000,
  tablePaintedMs: 500,
  interactionP95Ms: { real: 16, 10000: 50, 100000: 100 },
  rowsInDom: 100,
};
const INTERACTIONS = {
  search: 'filter: type / clear a search',
  vendor: 'filter: vendor checkbox',
  sort: 'sort: price header',
  currency: 'currency switch',
  weight: 'weight slider (rank mode)',
  chart: 'search in the Charts view (scatter redrawn)',
  marketCurrency: 'currency switch in the market view',
  marketRegion: 'region group (EU) in the market view',
};
const MODE_SWITCHES = {
  rankMode: 'switch to rank mode (once per run)',
  chartsMode: 'switch to the Charts view (once per run)',
  marketMode: 'switch to the market view (once per run)',
};
const scales = browser.scaleOrder || Object.keys(browser.scales);
const scaleName = (s) => (s === 'real' ? 'real catalog' : `${Number(s) / 1000}k offers`);
const mib = (b) => (b == null ? null : b / 2 ** 20);

// ---- transfer ----
const firstLoad = browser.scales.real?.loads[0];
const files = (firstLoad?.files || []).filter((f) => f.status === 200);
const byKind = {};
for (const f of files) {
  const k = (byKind[f.kind] ||= { files: 0, raw: 0, gzip: 0, brotli: 0 });
  k.files++;
  for (const key of ['raw', 'gzip', 'brotli']) k[key] += f[key];
}
const total = Object.values(byKind).reduce(
  (t, k) => ({ files: t.files + k.files, raw: t.raw + k.raw, gzip: t.gzip + k.gzip, brotli: t.brotli + k.brotli }),
  { files: 0, raw: 0, gzip: 0, brotli: 0 },
);

// ---- load ----
const load = {};
for (const scale of scales) {
  const entry = browser.scales[scale];
  const ls = entry.loads;
  const pick = (f) => spread(ls.map(f));
  load[scale] = {
    tablePaintedMs: pick((l) => l.tablePaintedMs),
    firstContentfulPaintMs: pick((l) => l.fcpMs),
    interactiveMs: pick((l) => l.interactiveMs),
    domContentLoadedMs: pick((l) => l.domContentLoadedMs),
    wasmResponseEndMs: pick((l) => l.wasmResponseEndMs),
    appStartedMs: pick((l) => l.appStartedMs),
    longTaskMs: pick((l) => l.longTaskMs),
    catalogDecodeMs: pick((l) => l.engine?.catalog),
    multiplyMs: pick((l) => l.engine?.multiply),
    explorerMs: pick((l) => l.engine?.explorer),
    // The first pass is the app's three stages: price, order, then filter (measured as `show`).
    firstShowMs: pick((l) => (l.engine?.show == null ? null : (l.engine.price ?? 0) + (l.engine.order ?? 0) + l.engine.show)),
    mountMs: pick((l) => l.engine?.mount),
    jsHeapUsedMiB: pick((l) => mib(l.heap.usedJSHeapSize)),
    wasmMemoryMiB: pick((l) => mib(l.heap.wasmMemoryBytes)),
    domNodes: pick((l) => l.heap.domNodes),
    tableRowsInDom: pick((l) => l.heap.tableRowsInDom),
    rowsShown: pick((l) => l.heap.rowCount),
  };
}

// ---- interactions ----
const interactions = {};
for (const scale of scales) {
  const entry = browser.scales[scale];
  interactions[scale] = {};
  for (const name of [...Object.keys(INTERACTIONS), 'rankMode', 'chartsMode', 'marketMode']) {
    const perRun = entry.interactions.map((run) => run[name] || []);
    const all = perRun.flat();
    if (all.length === 0) continue;
    const engineMs = (s) => Object.values(s.engine).reduce((t, e) => t + e.ms, 0);
    const med = (f) => quantile(all.map(f), 0.5);
    const calls = {};
    for (const s of all) for (const [k, e] of Object.entries(s.engine)) calls[k] = (calls[k] || 0) + e.count;
    interactions[scale][name] = {
      samples: all.length,
      p50: quantile(all.map((s) => s.ms), 0.5),
      p95: quantile(all.map((s) => s.ms), 0.95),
      max: Math.max(...all.map((s) => s.ms)),
      // The spread of each run's p95: how much the headline moves between runs.
      p95OfRuns: spread(perRun.map((xs) => quantile(xs.map((s) => s.ms), 0.95))),
      // Where the time goes, medians over samples (ms): the app's own engine timings, the rest
      // of script (Leptos updates, DOM calls), style, layout, and the rest of the main thread's
      // tasks (paint, GC, the harness's own callbacks).
      breakdown: {
        engine: med(engineMs),
        otherScript: med((s) => Math.max(0, s.main.script - engineMs(s))),
        style: med((s) => s.main.style),
        layout: med((s) => s.main.layout),
        rest: med((s) => Math.max(0, s.main.task - s.main.script - s.main.style - s.main.layout)),
      },
      engineCallsPerInput: Object.fromEntries(Object.entries(calls).map(([k, n]) => [k.replace('gpu-atlas:', ''), round(n / all.length, 2)])),
      rowsCreatedPerInput: quantile(all.map((s) => s.rowsCreated ?? 0), 0.5),
      settled: all.filter((s) => s.settled === false).length === 0,
    };
  }
}

// ---- wasm bytes ----
function byCrate() {
  const items = readJson('twiggy-names.json');
  if (!items) return null;
  const groups = {};
  let code = 0;
  for (const item of items.items || items) {
    const name = item.name;
    const size = item.shallow_size;
    // What wasm-bindgen strips or rewrites (descriptors, names, its custom section, exports).
    if (/^(export |import |"function names"|custom section|__wbindgen_describe|type\[)/.test(name)) continue;
    let group;
    if (name.startsWith('data segment') || name.startsWith('data[')) group = '(data: strings and tables)';
    else if (/^(elem|table|global|memory)\[/.test(name)) group = '(tables)';
    else {
      group = crateOf(name);
      code += size;
    }
    groups[group] = (groups[group] || 0) + size;
  }
  const rows = Object.entries(groups)
    .map(([crate, bytes]) => ({ crate, bytes }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 15);
  return { codeBytes: code, rows };
}

// The crate a function belongs to: the outermost path's first segment, or for "<T as
// tachys::..>" (a generic or primitive self type) the trait's crate. The standard library's
// crates count as one.
function crateOf(name) {
  const ident = (s) => (s.match(/^[<&\s]*(?:(?:mut|dyn|const)\s+)*([A-Za-z_][A-Za-z0-9_]*)/) || [])[1];
  let crate = ident(name);
  const primitive = /^([A-Z]|str|bool|char|[iuf](8|16|32|64|128|size))$/;
  if (!crate || primitive.test(crate) || name.startsWith('<[')) {
    const trait = name.match(/ as ([A-Za-z_][A-Za-z0-9_]*)/);
    crate = trait ? trait[1] : crate;
  }
  if (!crate || primitive.test(crate)) return '(std)';
  const std = ['core', 'alloc', 'std', 'dlmalloc', 'hashbrown', 'compiler_builtins'];
  return std.includes(crate) ? '(std)' : crate;
}

// Raw and gzipped size of each section of the shipped wasm (code, data, ...).
function wasmSections() {
  const file = existsSync('dist') && readdirSync('dist').find((f) => f.endsWith('.wasm'));
  if (!file) return null;
  const bytes = readFileSync(join('dist', file));
  const names = ['custom', 'type', 'import', 'function', 'table', 'memory', 'global', 'export', 'start', 'element', 'code', 'data', 'datacount'];
  const sections = [];
  let at = 8;
  const leb = () => {
    let value = 0;
    let shift = 0;
    for (;;) {
      const b = bytes[at++];
      value += (b & 0x7f) * 2 ** shift;
      shift += 7;
      if (b < 0x80) return value;
    }
  };
  while (at < bytes.length) {
    const id = bytes[at++];
    const size = leb();
    const body = bytes.subarray(at, at + size);
    sections.push({ section: names[id] || `#${id}`, raw: size, gzip: gzipSync(body, { level: 9 }).length });
    at += size;
  }
  return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length, sections: sections.filter((s) => s.raw > 1000) };
}

// ---- lighthouse ----
let lh = null;
if (lighthouseRuns.length) {
  const perf = (r) => r.categories.performance?.score ?? 0;
  const lighthouse = [...lighthouseRuns].sort((x, y) => perf(x) - perf(y))[Math.floor((lighthouseRuns.length - 1) / 2)];
  const a = (id) => lighthouse.audits[id];
  const score = (r, id) => (r.categories[id]?.score == null ? null : Math.round(r.categories[id].score * 100));
  lh = {
    runs: lighthouseRuns.length,
    perRun: lighthouseRuns.map((r) => Object.fromEntries(Object.keys(r.categories).map((id) => [id, score(r, id)]))),
    version: lighthouse.lighthouseVersion,
    formFactor: lighthouse.configSettings.formFactor,
    throttling: lighthouse.configSettings.throttlingMethod,
    // Median of each category over the runs.
    scores: Object.fromEntries(Object.keys(lighthouse.categories).map((id) => [id, quantile(lighthouseRuns.map((r) => score(r, id)), 0.5)])),
    metrics: Object.fromEntries(
      ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index', 'interactive', 'total-byte-weight']
        .filter((id) => a(id))
        .map((id) => [id, a(id).displayValue]),
    ),
    failing: Object.entries(lighthouse.audits)
      .filter(([, x]) => x.score !== null && x.score < 0.9 && !['informative', 'notApplicable', 'manual'].includes(x.scoreDisplayMode))
      .map(([id, x]) => `${id}${x.displayValue ? ` (${x.displayValue})` : ''}`),
  };
}

// ---- budget ----
const budget = [];
const line = (name, target, measured, met) => budget.push({ line: name, target, measured, met });
line(
  'first load, all files gzipped',
  '≤ 250 KB',
  `${(total.gzip / 1000).toFixed(1)} KB (brotli ${(total.brotli / 1000).toFixed(1)} KB, raw ${(total.raw / 1000).toFixed(1)} KB)`,
  total.gzip <= BUDGET.firstLoadGzipBytes,
);
const painted = load.real?.tablePaintedMs;
line('table painted, real catalog', '≤ 500 ms median', fmtSpread(painted, 0, ' ms'), painted?.median != null && painted.median <= BUDGET.tablePaintedMs);
for (const scale of scales) {
  if (scale === 'real') continue;
  line(`table painted, ${scaleName(scale)}`, 'report only', fmtSpread(load[scale].tablePaintedMs, 0, ' ms'), null);
}
for (const scale of scales) {
  const limit = BUDGET.interactionP95Ms[scale];
  for (const [name, label] of Object.entries(INTERACTIONS)) {
    const x = interactions[scale][name];
    if (!x) continue;
    const usable = scale === '100000' ? ' (usable)' : '';
    line(
      `${label}, ${scaleName(scale)}`,
      limit ? `≤ ${limit} ms p95${usable}` : 'report only',
      `p50 ${x.p50.toFixed(1)} / p95 ${x.p95.toFixed(1)} ms`,
      limit ? x.p95 <= limit : null,
    );
  }
}
const bigRows = load['100000']?.tableRowsInDom;
if (bigRows) line('table rows in the DOM, 100k offers', `≤ ${BUDGET.rowsInDom} (virtualised)`, `${bigRows.median} of ${load['100000'].rowsShown.median}`, bigRows.max <= BUDGET.rowsInDom);
// Work per input change: the filter/sort pass must run once per change, and not at all when
// only the ranking weights changed (they do not change which rows are shown). The app times
// its filter stage, which every row-changing input runs, as `show`; the price and order
// stages it runs only when their own settings change are `price` and `order`.
// In the market view the table is not shown, so its stages must not run at all; the market
// itself runs once per change.
const real = interactions.real || {};
const calls = (n, stage) => real[n]?.engineCallsPerInput[stage] ?? 0;
const inMarket = (n) => n.startsWith('market');
const showCalls = (n) => calls(n, inMarket(n) ? 'market' : 'show');
const tableCalls = (n) => ['price', 'order', 'show'].reduce((sum, s) => sum + calls(n, s), 0);
const repeated = Object.keys(INTERACTIONS).filter(
  (n) => showCalls(n) > (n === 'weight' ? 0 : 1) || (inMarket(n) && tableCalls(n) > 0),
);
line(
  'no engine work repeated per input change',
  'filter/sort pass once per change, none for a weight change; in the market view one market pass and no table stage',
  Object.keys(INTERACTIONS)
    .map((n) => (inMarket(n) ? `${n} market ${showCalls(n)}, table ${tableCalls(n)}` : `${n} ${showCalls(n)}`))
    .join(', ') + ' passes/input',
  repeated.length === 0,
);

// Issue 16, the first screen (bench/first-screen.mjs; "before" is another build measured in the
// same run with --before DIR).
const first = readJson('first-screen.json');
const firstBefore = readJson('first-screen-before.json');
if (first) {
  const was = (key, unit, digits = 0) => (firstBefore ? ` (before: ${firstBefore[key]?.toFixed(digits)}${unit})` : '');
  line('bytes before the first table row is painted', '≤ 60 KB gzipped', `${(first.bytesBeforeFirstRow / 1000).toFixed(1)} KB${firstBefore ? ` (before: ${(firstBefore.bytesBeforeFirstRow / 1000).toFixed(1)} KB)` : ''}`, first.bytesBeforeFirstRow <= 60_000);
  const faster = firstBefore ? firstBefore.firstRowMs / first.firstRowMs : null;
  line('first table row painted', '≤ 150 ms median, ≥ 3× faster than before', `${first.firstRowMs.toFixed(0)} ms${was('firstRowMs', ' ms')}${faster ? `, ${faster.toFixed(1)}× faster` : ''}`, first.firstRowMs <= 150 && (faster === null || faster >= 3));
  line('search answered (typed as soon as the box takes it)', 'report only', `${first.searchAnsweredMs.toFixed(0)} ms after navigation${was('searchAnsweredMs', ' ms')}`, null);
  const beforeVisit = firstBefore ? ` (before: ${(firstBefore.firstVisitBytes / 1000).toFixed(1)} KB, sent twice: ${firstBefore.sentTwice.length})` : '';
  line('first visit, every byte the server sent (service worker included)', 'no file twice', `${(first.firstVisitBytes / 1000).toFixed(1)} KB${beforeVisit}; sent twice: ${first.sentTwice.length ? first.sentTwice.join(', ') : 'none'}`, first.sentTwice.length === 0);
}
// Issue 28, the start (bench/start.mjs, one file per setting; "before" is another build
// loaded in turn with it when scripts/bench.sh has --before).
const START = [
  ['start-cpu1', 'the default view, desktop'],
  ['start-cpu4', 'the default view, CPU 4×'],
  ['start-phone-cpu4', 'the default view, a phone (412×823) at CPU 4×'],
  ['start-search-cpu1', '"h100" typed at once, desktop'],
  ['start-search-cpu4', '"h100" typed at once, CPU 4×'],
  ['start-filter-cpu1', 'a provider box ticked at once, desktop'],
  ['start-filter-cpu4', 'a provider box ticked at once, CPU 4×'],
  ['start-link-cpu1', 'a shared link (?v=1&gpu=h100-sxm5-80gb&cur=eur), desktop'],
  ['start-link-cpu4', 'the same link, CPU 4×'],
  ['start-link-phone-net', 'the same link, a phone at CPU 4× on 10 Mbit/s and 40 ms'],
  ['start-job-cpu1', 'a shared link with a job set (?v=1&job=tune&cur=eur), desktop'],
];
const START_KEYS = ['answeredMs', 'longestTaskMs', 'blockingMs', 'paintedMs', 'fcpMs', 'elements'];
const starts = START.map(([file, label]) => {
  const raw = readJson(`${file}.json`);
  if (!raw) return null;
  const of = (samples) =>
    samples && Object.fromEntries(START_KEYS.map((k) => [k, spread(samples.map((x) => x[k]).filter((v) => v != null && Number.isFinite(v)))]));
  // Without a view of its own or an act, a load's "answer" is merely the app's table.
  return { file, label, answers: Boolean(raw.view || raw.act), after: of(raw.samples.after), before: of(raw.samples.before), samples: raw.samples.after };
}).filter(Boolean);
const start = (file) => starts.find((x) => x.file === file);
const startMs = (file, key) => {
  const x = start(file);
  if (!x || x.after[key]?.median == null) return null;
  const was = x.before?.[key]?.median != null ? ` (before: ${x.before[key].median.toFixed(0)})` : '';
  return { median: x.after[key].median, text: `${fmtSpread(x.after[key], 0, ' ms')}${was}` };
};
const answeredLine = (name, desk, slow) => {
  const d = startMs(desk, 'answeredMs');
  const s = startMs(slow, 'answeredMs');
  if (!d && !s) return;
  line(
    name,
    '≤ 400 ms desktop, ≤ 1.2 s at CPU 4× (median)',
    [d && `desktop ${d.text}`, s && `CPU 4× ${s.text}`].filter(Boolean).join('; '),
    Boolean(d && s) && d.median <= 400 && s.median <= 1200,
  );
};
answeredLine('a search typed at once on a cold load, answered', 'start-search-cpu1', 'start-search-cpu4');
answeredLine('a provider box ticked at once on a cold load, answered', 'start-filter-cpu1', 'start-filter-cpu4');
for (const [file, name] of [
  ['start-link-cpu1', "a shared link's own answer, first row painted"],
  ['start-job-cpu1', "a shared link with a job set, its answer's first row painted"],
]) {
  const d = startMs(file, 'answeredMs');
  if (d) line(name, '≤ 400 ms desktop (median)', d.text, d.median <= 400);
}
{
  // "None over 50 ms": every load of every setting at the real catalog, not a median.
  const settings = ['start-cpu1', 'start-cpu4', 'start-phone-cpu4'].map(start).filter(Boolean);
  if (settings.length) {
    const worst = (x) => Math.max(...x.samples.map((s) => s.longestTaskMs));
    line(
      'long tasks after the first paint, real catalog',
      'none over 50 ms (every load)',
      settings.map((x) => `${x.label}: longest ${worst(x).toFixed(0)} ms, blocking ${fmtSpread(x.after.blockingMs, 0, ' ms')}`).join('; '),
      settings.every((x) => worst(x) <= 50),
    );
  }
  // Judged on the default view, as the issue measured it; links, whose views add what they
  // ask for (a job's calculator and columns), are reported beside it.
  const views = ['start-cpu1', 'start-link-cpu1', 'start-job-cpu1'].map(start).filter(Boolean);
  const landing = start('start-cpu1');
  if (landing) {
    const most = (x) => Math.max(...x.samples.map((s) => s.elements));
    line('DOM elements after load, the default view', '≤ 1,000 (links reported)', views.map((x) => `${x.label}: ${most(x)}`).join('; '), most(landing) <= 1000);
  }
}
const marketTab = interactions.real?.marketMode;
if (marketTab) line('switch to the Market tab, real catalog', '≤ 50 ms p95', `p50 ${marketTab.p50.toFixed(1)} / p95 ${marketTab.p95.toFixed(1)} ms`, marketTab.p95 <= 50);
if (lh) {
  const cats = ['performance', 'accessibility', 'best-practices', 'seo'];
  line('Lighthouse mobile, median of runs', '≥ 95 each', cats.map((c) => `${c} ${lh.scores[c]}`).join(', '), cats.every((c) => lh.scores[c] >= 95));
  const value = (id) => lighthouseRuns.map((r) => r.audits[id]?.numericValue).filter((v) => v != null);
  const lcp = quantile(value('largest-contentful-paint'), 0.5);
  const cls = quantile(value('cumulative-layout-shift'), 0.5);
  const tbt = quantile(value('total-blocking-time'), 0.5);
  line('Lighthouse LCP / CLS (TBT reported)', 'LCP ≤ 1.5 s, CLS 0', `LCP ${(lcp / 1000).toFixed(2)} s, CLS ${cls.toFixed(3)}, TBT ${tbt.toFixed(0)} ms`, lcp <= 1500 && cls === 0);
}

const report = {
  generated: new Date().toISOString(),
  machine: { cpus: cpus().length, cpu: cpus()[0]?.model, chromium: browser.chromium, node: process.version, loadAverage: browser.loadAverage },
  settings: { runs: browser.runs, repeats: browser.repeats, viewport: browser.viewport, quietMs: browser.quietMs, url: browser.url },
  transfer: { files, byKind, total },
  load,
  interactions,
  engine,
  lighthouse: lh || { error: lighthouseError || 'not run' },
  firstScreen: first ? { after: first, before: firstBefore } : null,
  start: starts.map(({ file, label, answers, after, before }) => ({ file, label, answers, after, before })),
  wasm: { sections: wasmSections(), twiggyTop: read('twiggy-top.txt'), byCrate: byCrate() },
  budget,
};
writeFileSync(join(dir, 'report.json'), JSON.stringify(report, null, 1));

// ---- markdown ----
const mark = (met) => (met === true ? '✓' : met === false ? '✗' : '–');
const table = (head, rows) => [`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
const kb = (b) => (b / 1000).toFixed(1);
const md = [];
md.push('# GPU Atlas benchmark report', '');
md.push(
  `${report.generated} · ${report.machine.cpus} × ${report.machine.cpu} · Chromium ${browser.chromium} headless, no throttling, loopback · ` +
    `${browser.runs} runs, ${browser.repeats} samples per interaction per run · median (min–max) over runs unless marked p50/p95 (over all samples) · ` +
    `load average ${browser.loadAverage?.start?.[0]?.toFixed(2)} at start, ${browser.loadAverage?.end?.[0]?.toFixed(2)} at end (other jobs share this machine)`,
  '',
);
md.push('## Budget', '', table(['line', 'target', 'measured', 'met'], budget.map((b) => [b.line, b.target, b.measured, mark(b.met)])), '');
md.push('## First-load transfer', '', 'Every file the page requested on a cold load (the service worker precaches the same files after load; not counted again).', '');
md.push(table(['kind', 'files', 'raw KB', 'gzip -9 KB', 'brotli KB'], [...Object.entries(byKind).map(([k, v]) => [k, v.files, kb(v.raw), kb(v.gzip), kb(v.brotli)]), ['**total**', total.files, kb(total.raw), kb(total.gzip), kb(total.brotli)]]), '');
md.push('## Load', '');
md.push(
  table(
    ['', ...scales.map(scaleName)],
    [
      ['table painted (app mark), ms', (k) => fmtSpread(load[k].tablePaintedMs, 0)],
      ['first contentful paint, ms', (k) => fmtSpread(load[k].firstContentfulPaintMs, 0)],
      ['interactive, ms', (k) => fmtSpread(load[k].interactiveMs, 0)],
      ['DOMContentLoaded, ms', (k) => fmtSpread(load[k].domContentLoadedMs, 0)],
      ['wasm downloaded (response end), ms', (k) => fmtSpread(load[k].wasmResponseEndMs, 0)],
      ['app mounted (wasm compiled, main() done), ms', (k) => fmtSpread(load[k].appStartedMs, 0)],
      ['long tasks during load, total ms', (k) => fmtSpread(load[k].longTaskMs, 0)],
      ['… wasm main(): building and mounting the page, ms', (k) => fmtSpread(load[k].mountMs, 1)],
      ['… the catalog decoded (its slices summed), ms', (k) => fmtSpread(load[k].catalogDecodeMs, 1)],
      ['… … catalog multiplied (bench switch), ms', (k) => fmtSpread(load[k].multiplyMs, 1)],
      ['… the explorer built (its slices summed), ms', (k) => fmtSpread(load[k].explorerMs, 1)],
      ['… … first filter/price/sort pass, ms', (k) => fmtSpread(load[k].firstShowMs, 1)],
      ['JS heap used after GC, MiB', (k) => fmtSpread(load[k].jsHeapUsedMiB, 2)],
      ['wasm memory, MiB', (k) => fmtSpread(load[k].wasmMemoryMiB, 1)],
      ['DOM nodes', (k) => fmtSpread(load[k].domNodes, 0)],
      ['table rows in the DOM / rows shown', (k) => `${load[k].tableRowsInDom.median} / ${load[k].rowsShown.median}`],
    ].map(([label, f]) => [label, ...scales.map(f)]),
  ),
  '',
  `"Interactive": the end of the last long task (> 50 ms) before ${browser.quietMs / 1000} s without one, or the table paint when later. ` +
    'The first contentful paint is Chromium\'s presentation time of the first frame with content; the app mark is set when the main thread has finished that frame, so it can come first.',
  '',
);
if (starts.length) {
  md.push('## The start', '');
  md.push(
    'Cold loads (`bench/start.mjs`, Chromium driven without the DevTools\' Network domain: `bench/cdp.mjs`), medians (min–max) in ms; "→" after the build measured before. Answered: the first frame painted with the first row of the view\'s own answer. ' +
      'Longest task and blocking: the Long Tasks API after the first contentful paint (blocking sums each task\'s time beyond 50 ms). Elements: 2.5 s after the app\'s table is painted.',
    '',
  );
  const cell = (x, k) => {
    const a = x.after[k];
    if (a?.median == null) return '–';
    const b = x.before?.[k];
    return `${b?.median != null ? `${fmtSpread(b, 0)} → ` : ''}${fmtSpread(a, 0)}`;
  };
  md.push(table(['setting', 'answered', 'longest task', 'blocking', 'app table painted', 'first contentful paint', 'elements'], starts.map((x) => [x.label, ...START_KEYS.map((k) => (k === 'answeredMs' && !x.answers ? '–' : cell(x, k)))])), '');
}
md.push('## Interactions', '');
md.push(
  'Input dispatched at the start of an animation frame, timed to the end of that frame (after style, layout and paint): the app\'s cost from input to updated screen, without the wait for the next vsync. ' +
    'Breakdown (medians, ms): the app\'s engine timings (filter/price/sort pass, ranking), other script (Leptos updates and DOM calls), style, layout, and the rest of the main thread (paint, GC, harness callbacks).',
  '',
);
const irows = [];
for (const scale of scales) {
  const xs = interactions[scale];
  for (const [name, x] of Object.entries(xs)) {
    const b = x.breakdown;
    irows.push([
      scaleName(scale),
      INTERACTIONS[name] || MODE_SWITCHES[name],
      x.p50.toFixed(1),
      x.p95.toFixed(1),
      fmtSpread(x.p95OfRuns, 1),
      [b.engine, b.otherScript, b.style, b.layout, b.rest].map((v) => v.toFixed(1)).join(' / '),
      Object.entries(x.engineCallsPerInput).map(([k, v]) => `${k} ${v}`).join(', ') || '0',
      x.rowsCreatedPerInput,
      x.settled ? '' : 'updated after the measured frame!',
    ]);
  }
}
md.push(table(['scale', 'interaction', 'p50 ms', 'p95 ms', 'p95 per run', 'engine / script / style / layout / rest', 'engine passes per input', 'rows created per input', ''], irows), '');
if (engine) {
  md.push('## Native engine', '', `\`bench_engine\`, ${engine.profile}, median (min–max) of ${engine.runs} runs, ms.`, '');
  const sizes = [...new Set(engine.timings.map((t) => t.offers))];
  const steps = [...new Set(engine.timings.map((t) => t.step))];
  const cell = (step, n) => {
    const t = engine.timings.find((x) => x.step === step && x.offers === n);
    return t ? `${t.median_ms.toFixed(2)} (${t.min_ms.toFixed(2)}–${t.max_ms.toFixed(2)})` : 'n/a';
  };
  md.push(table(['step', ...sizes.map((n) => `${n} offers`)], steps.map((s) => [s, ...sizes.map((n) => cell(s, n))])), '');
}
md.push('## Lighthouse', '');
if (lh) {
  md.push(
    `Lighthouse ${lh.version}, ${lh.formFactor} profile (its default: an emulated phone, ${lh.throttling}d slow 4G and 4× CPU slowdown), Chromium at /usr/bin/chromium, ` +
      `site served gzipped as GitHub Pages serves it; median of ${lh.runs} runs (per run: ${lh.perRun.map((r) => r.performance).join(', ')} performance).`,
    '',
  );
  md.push(table(['performance', 'accessibility', 'best practices', 'SEO'], [[lh.scores.performance, lh.scores.accessibility, lh.scores['best-practices'], lh.scores.seo]]), '');
  md.push(`Median run: ${Object.entries(lh.metrics).map(([k, v]) => `${k}: ${v}`).join(' · ')}`, '');
  if (lh.failing.length) md.push(`Audits below 90: ${lh.failing.join('; ')}.`, '');
} else {
  md.push(`Lighthouse did not run: ${lighthouseError || 'not run'}`, '');
}
md.push('## Where the wasm bytes go', '');
if (report.wasm.sections) {
  const w = report.wasm.sections;
  md.push(`\`${w.file}\`: ${kb(w.raw)} KB raw, ${kb(w.gzip)} KB gzip -9. Its sections over 1 KB, each compressed on its own:`, '');
  md.push(table(['section', 'raw KB', 'gzip -9 KB'], w.sections.map((s) => [s.section, kb(s.raw), kb(s.gzip)])), '');
}
if (report.wasm.twiggyTop) md.push('`twiggy top -n 30` of the shipped wasm (after wasm-opt, so code items have no names):', '', '```', report.wasm.twiggyTop.trim(), '```', '');
if (report.wasm.byCrate) {
  md.push('By crate, from the wasm before wasm-bindgen and wasm-opt (names kept; sizes before optimisation, so only the proportions carry over):', '');
  md.push(table(['crate', 'KB', 'share of code'], report.wasm.byCrate.rows.map((r) => [r.crate, kb(r.bytes), r.crate.startsWith('(data') ? '' : `${((100 * r.bytes) / report.wasm.byCrate.codeBytes).toFixed(1)} %`])), '');
}
writeFileSync(join(dir, 'report.md'), md.join('\n'));

// ---- summary ----
const width = Math.max(...budget.map((b) => b.line.length));
const twidth = Math.max(...budget.map((b) => b.target.length));
console.log('\nGPU Atlas performance budget');
for (const b of budget) console.log(`${mark(b.met)}  ${b.line.padEnd(width)}  ${b.target.padEnd(twidth)}  ${b.measured}`);
if (lh) console.log(`Lighthouse (${lh.formFactor}): performance ${lh.scores.performance}, accessibility ${lh.scores.accessibility}, best practices ${lh.scores['best-practices']}, SEO ${lh.scores.seo}`);
else console.log(`Lighthouse did not run: ${(lighthouseError || 'not run').split('\n')[0]}`);
console.log(`report: ${join(dir, 'report.md')} and report.json`);
