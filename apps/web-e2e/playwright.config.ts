import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from '../../tools/chromium/chromium-args';

/**
 * Browser journeys in Debian's Chromium against the built SPA served by the gateway of a whole stack
 * started by global-setup.ts (own database, NATS subjects, Redis keys and port).
 */
export default defineConfig({
  testDir: './src',
  testMatch: /.*\.e2e\.ts$/,
  globalSetup: './src/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env['CI']),
  reporter: [['list'], ['json', { outputFile: process.env['PLAYWRIGHT_JSON_OUTPUT_NAME'] ?? '../../tmp/test-reports/e2e.json' }]],
  outputDir: '../../tmp/e2e-results',
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      args: [...CHROMIUM_ARGS],
    },
    viewport: { width: 1366, height: 900 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
