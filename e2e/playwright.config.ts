import { defineConfig } from '@playwright/test';
import { chromiumUse } from '../scripts/lib/chromium.js';

/**
 * The suite starts its own stack (global-setup.ts) on free ports with a temporary data dir,
 * exactly as `npm start` does, and runs against Debian's chromium (nothing is downloaded).
 * E2E_BASE_URL=http://localhost:8080 runs it against a stack that is already up instead.
 */
export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  workers: 1,
  retries: 0,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  timeout: 45_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: './test-results',
  use: {
    ...chromiumUse,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
