// Playwright drives Debian's Chromium against the release build, served under a sub-path
// exactly as GitHub Pages serves /<repo>/.
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT || 4173);
export const base = '/gpu-atlas/';

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.mjs',
  fullyParallel: true,
  workers: 2,
  // One retry in CI, reported as "flaky" in the summary: a real regression fails twice.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}${base}`,
    browserName: 'chromium',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      // As root on a closed network: no sandbox, and no background calls home.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `node ../../scripts/serve.mjs ../../dist --base ${base} --port ${port}`,
    url: `http://127.0.0.1:${port}${base}`,
    reuseExistingServer: false,
    timeout: 30_000,
  },
});
