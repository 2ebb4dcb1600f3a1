import { defineConfig } from '@playwright/test';
import { chromiumUse } from '../scripts/lib/chromium.js';

/**
 * Specs that read or change what every other test shares — the remotes' files on disk, the
 * site-wide counts, the newest posts of the whole site, page timings — run after the others,
 * one at a time. Everything else makes its own users and communities and runs two files at once.
 */
const EXCLUSIVE = [
  'remote-fallback.spec.ts', // breaks and restores a remote's files
  'inbox/ship.spec.ts', // ships a new version of a remote
  'admin/overview.spec.ts', // site-wide counts before and after
  'admin/communities.spec.ts', // one row per community of the whole site
  'home-posts.spec.ts', // the site's newest 20 posts
  'forum/home.spec.ts', // the site's newest posts, the end of the whole list
  'forum/perf.spec.ts', // timings and bytes of a first visit
  'shell/bundle-size.spec.ts',
];

/**
 * `npm test` (E2E_WHOLE_SUITE=1) runs the exclusive specs after all the others. Without it, as in
 * `npx playwright test tests/forum/home.spec.ts`, the chosen files run without that ordering (a
 * dependency would otherwise drag every isolated test into the run).
 */
const wholeSuite = process.env.E2E_WHOLE_SUITE === '1';

/**
 * The suite starts its own stack (global-setup.ts) on free ports with a temporary data dir,
 * exactly as `npm start` does, and runs against Debian's chromium (nothing is downloaded).
 * E2E_BASE_URL=http://localhost:8080 runs it against a stack that is already up instead.
 * E2E_WORKERS sets how many files run at once (2: one per core of the CI machine).
 */
export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  timeout: 45_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: './test-results',
  use: {
    ...chromiumUse,
  },
  projects: [
    { name: 'isolated', testIgnore: EXCLUSIVE },
    {
      name: 'exclusive',
      testMatch: EXCLUSIVE,
      workers: 1,
      dependencies: wholeSuite ? ['isolated'] : [],
    },
  ],
});
