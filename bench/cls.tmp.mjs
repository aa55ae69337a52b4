import { chromium } from 'playwright-core';
const url = process.argv[2];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
const page = await ctx.newPage();
const cdp = await ctx.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.argv[3]||4) });
await cdp.send('Network.enable');
await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 1.6*1024*1024/8, uploadThroughput: 750*1024/8 });
await page.addInitScript(() => {
  window.__shifts = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__shifts.push({ t: e.startTime, v: e.value, input: e.hadRecentInput, src: (e.sources||[]).map(s => ({ node: s.node ? (s.node.id ? '#' + s.node.id : s.node.nodeName + '.' + (s.node.className||'')) : null, prev: [s.previousRect.x, s.previousRect.y, s.previousRect.width, s.previousRect.height], cur: [s.currentRect.x, s.currentRect.y, s.currentRect.width, s.currentRect.height] })) }); }).observe({ type: 'layout-shift', buffered: true });
});
await page.goto(url);
await page.waitForTimeout(12000);
console.log(JSON.stringify(await page.evaluate(() => window.__shifts), null, 1));
await browser.close();
