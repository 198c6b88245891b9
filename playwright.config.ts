// Playwright: the `browser` project drives browser mode in the system Chromium (Debian's, or
// CHROMIUM_PATH); the `electron` project drives the Electron window and skips itself, saying why,
// where no Electron binary exists. Each test gets its own app instance from e2e/fixtures/app.ts.
import { defineConfig } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { findElectronBinary } from './scripts/electron-binary.mjs';

const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

// The list reporter shows skipped tests without their reason, so say it once, from the runner process.
const electron = findElectronBinary(fileURLToPath(new URL('.', import.meta.url)), { tryInstall: false });
if (!electron.binary && process.env.TEST_WORKER_INDEX === undefined) {
  console.log(`[electron project] skipped: Electron binary not available: ${electron.reason}`);
}

// The broken-fleet spec runs a dozen misbehaving servers for minutes (e2e/broken-fleet.spec.ts): it is run on
// demand with `npm run test:fleet` (BROKEN_FLEET=1), not in `npm test`, which it would lengthen by ~4 minutes.
const runBrokenFleet = process.env.BROKEN_FLEET === '1';
if (!runBrokenFleet && process.env.TEST_WORKER_INDEX === undefined) {
  console.log('[browser project] e2e/broken-fleet.spec.ts skipped: run it with npm run test:fleet');
}

// The system Chromium, as a user's browser would run the page.
const browserUse = {
  browserName: 'chromium' as const,
  viewport: { width: 1280, height: 800 },
  launchOptions: {
    executablePath: chromiumPath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync'
    ]
  }
};

// `npm run screenshots` (SCREENSHOTS=1) writes docs/images/ from the real app; it is never part of `npm test`.
const takeScreenshots = process.env.SCREENSHOTS === '1';

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/fixtures/global-setup.ts',
  // Each test runs a browser, the app's Node process and reference servers: two at a time fits 2 cores.
  workers: process.env.PW_WORKERS ? Number(process.env.PW_WORKERS) : 2,
  fullyParallel: true,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  outputDir: 'test-results',
  use: {
    // A failed test keeps its trace with DOM snapshots, sources and a final screenshot, but no screencast: the
    // screencast's frames cost Chromium's GPU and browser processes and the runner a third of the suite's wall
    // time on two cores (Playwright 8.7 → 5.7 min, docs/testing.md).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure'
  },
  projects: [
    {
      name: 'browser',
      testIgnore: runBrokenFleet ? /electron.*\.spec\.ts$/ : [/electron.*\.spec\.ts$/, /broken-fleet\.spec\.ts$/],
      use: browserUse
    },
    {
      name: 'electron',
      testMatch: /electron.*\.spec\.ts$/
    },
    ...(takeScreenshots ? [{ name: 'screenshots', testMatch: /\.shot\.ts$/, use: { ...browserUse, screenshot: 'off' as const } }] : [])
  ]
});
