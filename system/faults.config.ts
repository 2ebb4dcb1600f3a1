import { defineConfig } from '@playwright/test';
import { chromiumUse } from '../scripts/lib/chromium.js';

/**
 * `npm run test:faults`: each spec starts its own stack (as `npm start` runs it) and breaks a part
 * of it on purpose, so specs run one at a time.
 */
export default defineConfig({
  testDir: './faults',
  workers: 1,
  retries: 0,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  timeout: 180_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: './test-results/faults',
  use: chromiumUse,
});
