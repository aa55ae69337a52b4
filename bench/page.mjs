// What the benchmark installs in every page before the app's own scripts: the user's
// actions (search, vendor, sort, currency, rank mode, weight), one timed sample of an action,
// long-task and start-up observers. Shared by bench/browser.mjs (timings) and
// bench/profile.mjs (where the time goes), so both measure the same actions.
// The function is serialised into the page by Playwright: it must not close over anything.

// Runs in every page before its own scripts.
export const INIT = () => {
  const b = (window.__bench = { longTasks: [], wasm: null });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) b.longTasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
  // Trunk's loader announces the instantiated wasm exports (memory included) with this event.
  addEventListener('TrunkApplicationStarted', (e) => {
    b.wasm = e.detail && e.detail.wasm;
    // Sent once the wasm is instantiated and its main() has mounted the app.
    b.startedMs = performance.now();
  });
  const set = (selector, value, type) => {
    const el = document.querySelector(selector);
    if (!el) throw new Error(`no ${selector}`);
    el.value = value;
    el.dispatchEvent(new Event(type, { bubbles: true }));
  };
  const click = (selector) => {
    const el = document.querySelector(selector);
    if (!el) throw new Error(`no ${selector}`);
    el.click();
  };
  let weight = null;
  b.acts = {
    // Filter: typing a query that narrows to a few rows, then clearing it.
    search: (i) => set('#search', i % 2 ? '' : 'h100', 'input'),
    // Filter: a vendor checkbox on, then off.
    vendor: () => click('[data-filter="vendor-nvidia"]'),
    // Sort: the price header, toggling the direction.
    sort: () => click('th[data-col="price"] button'),
    // Currency: CNY, EUR, USD in turn.
    currency: (i) => set('#currency', ['CNY', 'EUR', 'USD'][i % 3], 'change'),
    // Rank mode (once, before the weights).
    rankMode: () => click('#mode-rank'),
    // Charts mode (once, before the chart's search).
    chartsMode: () => click('#mode-charts'),
    // Market mode (once, before its currency and region changes): every variant's row.
    marketMode: () => click('#mode-market'),
    // The market in CNY, EUR, USD in turn.
    marketCurrency: (i) => set('#currency', ['CNY', 'EUR', 'USD'][i % 3], 'change'),
    // The market in the EU only, then everywhere again.
    marketRegion: () => click('[data-filter="area-eu"]'),
    // The same search in the Charts view: the scatter is redrawn for the rows it keeps.
    chart: (i) => set('#search', i % 2 ? '' : 'h100', 'input'),
    // Weight slider: the first criterion's weight one step away from where it was, and back.
    weight: (i) => {
      const selector = '.weights input[type=range]';
      const el = document.querySelector(selector);
      if (!el) throw new Error(`no ${selector}`);
      if (weight === null) weight = Number(el.value);
      const other = weight < Number(el.max) ? weight + 1 : weight - 1;
      set(selector, String(i % 2 ? weight : other), 'input');
    },
  };
  // What the screen shows, to check an update had landed by the time a sample ended.
  b.signature = () =>
    [
      document.querySelector('#catalog')?.getAttribute('aria-rowcount'),
      document.querySelector('#catalog tbody tr[data-offer]')?.textContent,
      document.querySelector('#catalog thead')?.textContent,
      document.querySelector('[data-testid="rank-summary"]')?.textContent,
      document.querySelector('#ranked li')?.textContent,
      document.querySelector('canvas[data-probe]')?.getAttribute('data-probe'),
      document.querySelector('#market-table tbody')?.textContent,
    ].join('|');
  b.sample = (name, i) =>
    new Promise((resolve, reject) => {
      performance.clearMeasures();
      // Counts the table rows and ranked offers the update creates (rather than moves).
      let added = 0;
      const count = (records) => {
        for (const r of records) for (const n of r.addedNodes) if (n.nodeName === 'TR' || n.nodeName === 'LI') added++;
      };
      const observer = new MutationObserver(count);
      for (const el of document.querySelectorAll('#catalog tbody, #ranked')) observer.observe(el, { childList: true });
      requestAnimationFrame(() => {
        const t0 = performance.now();
        try {
          b.acts[name](i);
        } catch (e) {
          reject(String(e));
          return;
        }
        const handlers = performance.now() - t0;
        setTimeout(() => {
          const ms = performance.now() - t0;
          count(observer.takeRecords());
          observer.disconnect();
          const engine = {};
          for (const m of performance.getEntriesByType('measure')) {
            const e = (engine[m.name] ||= { ms: 0, count: 0 });
            e.ms += m.duration;
            e.count += 1;
          }
          resolve({ ms, handlers, engine, added, signature: b.signature() });
        }, 0);
      });
    });
  b.quiet = async (quietMs) => {
    const painted = performance.getEntriesByName('gpu-atlas:table-painted')[0]?.startTime ?? 0;
    const started = performance.now();
    for (;;) {
      const lastEnd = Math.max(painted, ...b.longTasks.map(([s, d]) => s + d));
      if (performance.now() - lastEnd >= quietMs || performance.now() - started > 60_000) return lastEnd;
      await new Promise((r) => setTimeout(r, 50));
    }
  };
};


// The app's address for a scale: the real catalog, or multiplied through `?bench-offers=N`;
// `bench-timings` makes the app record its engine passes as performance measures.
export const pageUrl = (base, scale, timings) => {
  const params = [];
  if (scale !== 'real') params.push(`bench-offers=${scale}`);
  if (timings) params.push('bench-timings');
  return params.length ? `${base}?${params.join('&')}` : base;
};

export const waitPainted = (page) =>
  page.waitForFunction(() => performance.getEntriesByName('gpu-atlas:table-painted').length > 0, null, {
    timeout: 300_000,
    polling: 20,
  });
