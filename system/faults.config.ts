import { defineConfig } from '@playwright/test';
import { chromiumUse } from '../scripts/lib/chromium.js';

/**
 * Specs that drive bursts of writes (a 50,000-subscriber fan-out, kills mid-burst of thousands of
 * writes and bcrypt registrations): beside another stack they starve it of CPU and stretch the
 * timings the other specs assert (a NATS-outage reply over its 5 s bound, votes told late). They
 * run after the others, one at a time.
 */
const ALONE = [
  'comment-fanout.spec.ts',
  'forum-paired-writes-kill.spec.ts',
  'moderation-kill.spec.ts',
  'paired-writes-kill.spec.ts',
];

/**
 * `npm run test:faults` (FAULTS_WHOLE_SUITE=1) runs ALONE after the others; a chosen file, as in
 * `npx playwright test -c faults.config.ts faults/db-slow.spec.ts`, runs without that ordering (the
 * dependency would otherwise run every other spec first).
 */
const wholeSuite = process.env.FAULTS_WHOLE_SUITE === '1';

/**
 * `npm run test:faults`: each spec starts its own stack (as `npm start` runs it, on free ports with
 * its own data dir) and breaks a part of it on purpose. Most of a spec's time is spent waiting (for
 * a killed process, an outage, an election), so two files run at once (FAULTS_WORKERS); the specs
 * in ALONE run after them, one at a time.
 */
export default defineConfig({
  testDir: './faults',
  workers: Number(process.env.FAULTS_WORKERS ?? 2),
  retries: 0,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  timeout: 180_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: './test-results/faults',
  use: chromiumUse,
  projects: [
    { name: 'together', testIgnore: ALONE },
    { name: 'alone', testMatch: ALONE, workers: 1, dependencies: wholeSuite ? ['together'] : [] },
  ],
});
