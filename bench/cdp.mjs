// Debian's Chromium driven over the DevTools protocol with nothing enabled but what a
// measurement needs: for the start's timings (bench/start.mjs, bench/first-screen.mjs).
//
// Why not Playwright there: Playwright enables the protocol's Network domain on every page, and
// with it Chromium keeps each text response's body for the DevTools and decodes it on the main
// thread when it finishes loading. For the app that is the 3.5 MB catalog (JSON): 17–30 ms of
// main thread at CPU 1× and ~90 ms at 4×, in the middle of the start, that no visitor's browser
// does. Measured on one build (docs/performance.md, 7 December 2026, latest entry): a shared
// link answered 378 ms without the Network domain and 407 ms with it (median of 8 loads), at
// CPU 4× 1,111 and 1,246 ms. Lighthouse enables it too; its numbers are left as they are.
//
// The browser is started as Playwright starts it (the same switches, headless, a fresh
// profile), over a pipe rather than a port. Each page lives in its own browser context, so each
// load is cold: an empty HTTP cache and no service worker.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Playwright 1.65's default switches for a headless Chromium, less those about Edge, Windows
// or macOS, and less its list of disabled features (none of them runs in these loads).
const SWITCHES = [
  '--disable-field-trial-config',
  '--disable-background-networking',
  '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows',
  '--disable-back-forward-cache',
  '--disable-breakpad',
  '--disable-component-extensions-with-background-pages',
  '--disable-component-update',
  '--no-default-browser-check',
  '--disable-default-apps',
  '--disable-dev-shm-usage',
  '--disable-extensions',
  '--allow-pre-commit-input',
  '--disable-hang-monitor',
  '--disable-ipc-flooding-protection',
  '--disable-popup-blocking',
  '--disable-prompt-on-repost',
  '--disable-renderer-backgrounding',
  '--force-color-profile=srgb',
  '--metrics-recording-only',
  '--no-first-run',
  '--password-store=basic',
  '--use-mock-keychain',
  '--no-service-autorun',
  '--disable-search-engine-choice-screen',
  '--headless',
  '--hide-scrollbars',
  '--mute-audio',
  '--blink-settings=primaryHoverType=2,availableHoverTypes=2,primaryPointerType=4,availablePointerTypes=4',
  '--no-sandbox',
];

/** Starts Debian's Chromium, with `args` besides the usual switches; `close()` it when done. */
export async function launch({ args = [] } = {}) {
  const profile = mkdtempSync(join(tmpdir(), 'gpu-atlas-cdp-'));
  const child = spawn('/usr/bin/chromium', [...SWITCHES, ...args, `--user-data-dir=${profile}`, '--remote-debugging-pipe', '--no-startup-window'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'],
  });
  const protocol = connect(child.stdio[3], child.stdio[4]);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.once('exit', (code) => protocol.fail(new Error(`Chromium exited (${code})`)));
  await protocol.send('Browser.getVersion');
  return {
    newPage: (viewport) => newPage(protocol, viewport),
    async close() {
      await protocol.send('Browser.close').catch(() => {});
      await exited;
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

// The protocol over Chromium's pipe: JSON messages, each ended by a NUL byte.
function connect(toBrowser, fromBrowser) {
  let nextId = 0;
  let failure = null;
  const waiting = new Map();
  let buffered = '';
  fromBrowser.setEncoding('utf8');
  fromBrowser.on('data', (chunk) => {
    const parts = (buffered + chunk).split('\0');
    buffered = parts.pop();
    for (const part of parts) {
      const message = JSON.parse(part);
      const reply = waiting.get(message.id);
      if (!reply) continue;
      waiting.delete(message.id);
      if (message.error) reply.reject(new Error(`${reply.method}: ${message.error.message}`));
      else reply.resolve(message.result);
    }
  });
  return {
    send(method, params = {}, sessionId) {
      if (failure) return Promise.reject(failure);
      const id = ++nextId;
      toBrowser.write(`${JSON.stringify({ id, method, params, sessionId })}\0`);
      return new Promise((resolve, reject) => waiting.set(id, { method, resolve, reject }));
    },
    fail(error) {
      failure = error;
      for (const reply of waiting.values()) reply.reject(error);
      waiting.clear();
    },
  };
}

// A page in a browser context of its own, `width` × `height` pixels, whose service worker
// registrations do nothing (as Playwright's `serviceWorkers: 'block'`) unless `serviceWorkers`
// is 'allow'.
async function newPage(protocol, { width, height, serviceWorkers = 'block' }) {
  const { browserContextId } = await protocol.send('Target.createBrowserContext');
  const { targetId } = await protocol.send('Target.createTarget', { url: 'about:blank', browserContextId });
  const { sessionId } = await protocol.send('Target.attachToTarget', { targetId, flatten: true });
  const send = (method, params) => protocol.send(method, params, sessionId);
  const addInitScript = (fn, arg) =>
    send('Page.addScriptToEvaluateOnNewDocument', { source: `(${fn})(${JSON.stringify(arg ?? null)});` });
  const evaluate = async (fn) => {
    const { result, exceptionDetails } = await send('Runtime.evaluate', {
      expression: `(${fn})()`,
      returnByValue: true,
      awaitPromise: true,
    });
    if (exceptionDetails) throw new Error(`in the page: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
    return result.value;
  };
  await send('Page.enable');
  await send('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor: 1, mobile: false });
  if (serviceWorkers === 'block') {
    await addInitScript(() => {
      if (navigator.serviceWorker) navigator.serviceWorker.register = () => new Promise(() => {});
    });
  }
  return {
    send,
    addInitScript,
    evaluate,
    goto: (url) => send('Page.navigate', { url }),
    /** Waits until `fn` returns a truthy value in the page, asking every 100 ms. */
    async waitFor(fn, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        // Before the navigation commits the page is still about:blank, without the app.
        if (await evaluate(fn).catch(() => false)) return;
        if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${fn}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    close: () => protocol.send('Target.disposeBrowserContext', { browserContextId }),
  };
}
