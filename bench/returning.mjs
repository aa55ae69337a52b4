// What a returning visitor downloads after a price-only change (issue 16): one visit to build
// A (its service worker installs), then the same origin serves build B — A with prices changed
// — and the visitor comes back; every body byte the server sends until B's service worker has
// installed is counted, file by file.
//   node bench/returning.mjs --a dist-a --b dist-b [--port 8321] [--out target/bench/returning.json]
// It measures and reports; it asserts nothing.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync, mkdirSync, existsSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { tmpdir } from 'node:os';
import { chromium } from 'playwright-core';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const a = option('--a', null);
const b = option('--b', null);
if (!a || !b) {
  console.error('usage: node bench/returning.mjs --a DIST_A --b DIST_B [--port N] [--out FILE]');
  process.exit(2);
}
const port = Number(option('--port', '8321'));
const out = option('--out', 'target/bench/returning.json');
const log = join(tmpdir(), `gpu-atlas-returning-${process.pid}.jsonl`);
const url = `http://127.0.0.1:${port}/gpu-atlas/`;

/** Serves `dir` on the port (gzipped, logged); resolves once it answers. */
async function serve(dir) {
  const server = spawn('node', ['scripts/serve.mjs', dir, '--base', '/gpu-atlas/', '--port', String(port), '--gzip', '--log', log], { stdio: 'ignore' });
  for (let i = 0; i < 100; i++) {
    if (await fetch(url).then((r) => r.ok, () => false)) return server;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${dir} is not served`);
}
const sent = () => (existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l)) : []);

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
const context = await browser.newContext();
const page = await context.newPage();
const installed = () =>
  page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    return reg.active.scriptURL;
  });

let server = await serve(a);
await page.goto(url);
await page.waitForFunction(() => !document.getElementById('prerendered'));
await installed();
const firstVisit = sent();
server.kill();

server = await serve(b);
const before = sent().length;
// Back the next day: the page (from A's worker), then the browser's check for a new worker,
// which installs B's beside it.
await page.reload();
await page.waitForFunction(() => !document.getElementById('prerendered'));
await page.evaluate(async () => {
  const reg = await navigator.serviceWorker.getRegistration();
  await reg.update();
  for (let i = 0; i < 300 && !reg.waiting; i++) await new Promise((r) => setTimeout(r, 100));
  if (!reg.waiting) throw new Error('the new version never installed');
});
const returning = sent().slice(before);
server.kill();
await browser.close();
rmSync(log, { force: true });

const bodies = returning.filter((r) => r.bytes > 0);
const result = {
  firstVisitBytes: firstVisit.reduce((s, r) => s + r.bytes, 0),
  returningBytes: returning.reduce((s, r) => s + r.bytes, 0),
  returningFiles: bodies.map((r) => ({ path: r.path, bytes: r.bytes })),
  revalidated: returning.filter((r) => r.status === 304).length,
};
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, JSON.stringify(result, null, 2));
console.log(`first visit ${result.firstVisitBytes} B; returning after the change: ${result.returningBytes} B in ${bodies.length} files (${bodies.map((r) => `${r.path} ${r.bytes}`).join(', ')}), ${result.revalidated} revalidated (304)`);
