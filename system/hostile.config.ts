import { defineConfig } from '@playwright/test';
import { chromiumUse } from '../scripts/lib/chromium.js';

/**
 * `npm run test:hostile`: the contract-driven fuzzer and the security sweep, against one stack
 * started by hostile/global-setup.ts (as `npm start` runs it, real rate limits unless a spec
 * starts its own).
 */
export default defineConfig({
  testDir: './hostile',
  globalSetup: './hostile/global-setup.ts',
  workers: 1,
  retries: 0,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  timeout: 300_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: './test-results/hostile',
  use: chromiumUse,
});
