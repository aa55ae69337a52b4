// Takes the README screenshot (and any other view) from the served app:
//   node tests/e2e/screenshot.mjs http://127.0.0.1:8080/gpu-atlas/ out.png [width height]
import { chromium } from '@playwright/test';

const [url, out, width = '1400', height = '900'] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const page = await browser.newPage({ viewport: { width: Number(width), height: Number(height) } });
await page.goto(url);
await page.locator('#catalog tbody tr[data-offer]').first().waitFor();
await page.screenshot({ path: out });
await browser.close();
