// A Rust panic never leaves a blank page: the user sees what broke and that a reload helps.
import { test, expect } from './fixtures.mjs';

test.describe('when the app panics', () => {
  // The panic is logged as a console error on purpose; anything else still fails the test.
  test.use({ expectedErrors: /GPU Atlas panicked:[\s\S]*deliberate panic|^page error: unreachable$/ });

  test('a notice with the message replaces the blank page', async ({ page }) => {
    const logged = page.waitForEvent('console', (msg) => msg.type() === 'error');
    // The app never takes over the pre-rendered page here: it panics while starting.
    await page.gotoStatic('#debug-panic');
    const notice = page.locator('#panic-notice');
    await expect(notice).toBeVisible();
    await expect(notice).toHaveAttribute('role', 'alert');
    await expect(notice).toContainText('Something broke — please reload the page.');
    await expect(notice.locator('code')).toContainText('deliberate panic requested by #debug-panic');
    expect((await logged).text()).toContain('GPU Atlas panicked');
    // What the page could show without the app stays readable below the notice.
    await expect(page.locator('#prerendered #catalog tbody tr[data-offer]').first()).toBeVisible();
  });
});

test('without the fragment the app starts normally', async ({ page }) => {
  await page.goto('');
  await expect(page.locator('#catalog tbody tr[data-offer]').first()).toBeVisible();
  await expect(page.locator('#panic-notice')).toHaveCount(0);
});
