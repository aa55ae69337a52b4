// What a new visitor sees in the first five minutes, pictured on a 1440 × 900 desktop and a
// 390 × 844 phone, in English and Chinese, light and dark: the table, the calculator with a
// job, an offer's detail and a comparison. Each picture is checked with axe as it is taken.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test, expect, openAtlas, seriousViolations } from './fixtures.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const shots = `${root}target/screenshots/first-contact`;
mkdirSync(shots, { recursive: true });

const COMPARED = ['aws/p5.48xlarge', 'lambda/gpu_8x_h100_sxm5', 'azure/Standard_ND96isr_H100_v5'];

for (const [device, viewport] of [['desktop', { width: 1440, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
  for (const lang of ['en', 'zh']) {
    for (const theme of ['light', 'dark']) {
      test(`first contact — ${device}, ${lang}, ${theme}`, async ({ page }) => {
        // Four axe passes over a full page take about eight seconds each on a desktop.
        test.setTimeout(120_000);
        await page.setViewportSize(viewport);
        const at = (name) => `${shots}/${name}-${device}-${lang}-${theme}.png`;
        const view = `lang=${lang}&theme=${theme}`;

        await openAtlas(page, `?${view}`);
        expect(await seriousViolations(page)).toEqual([]);
        await page.screenshot({ path: at('table') });

        await page.locator('[data-preset="pretrain-7b-1t"]').click();
        await expect(page.locator('th[data-col="job-cost"]')).toHaveCount(1);
        await page.locator('#calculator').evaluate((el) => el.scrollIntoView());
        expect(await seriousViolations(page)).toEqual([]);
        await page.screenshot({ path: at('calculator') });

        await openAtlas(page, `?${view}&detail=${encodeURIComponent(COMPARED[0])}`);
        await expect(page.locator('#detail-dialog')).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
        await page.screenshot({ path: at('detail') });

        await openAtlas(page, `?${view}&sel=${COMPARED.map(encodeURIComponent).join(',')}&cmp=1`);
        await expect(page.locator('#compare-dialog')).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
        await page.screenshot({ path: at('compare') });
      });
    }
  }
}
