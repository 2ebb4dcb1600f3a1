import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// Workspace packages export TypeScript sources under the `source` condition,
// so tests run against the code, not against stale builds.
const conditions = ['source', 'module', 'node', 'import', 'default'];
const resolve = { conditions };
// Tests run in Vite's SSR environment, which resolves (and externalises) with its own conditions.
const ssr = { resolve: { conditions, externalConditions: ['source'] } };
const exclude = ['**/node_modules/**', '**/dist/**', 'e2e/**'];

/**
 * Small files that run for 15 s to over a minute. A fresh clone has no timings, so vitest starts
 * the largest files first and these last, leaving one worker running them alone at the end.
 */
const LONG_FILES = [
  'scripts/dockerfiles.int.test.ts', // builds every image's contents
  'svc-forum/src/moderation-crash.int.test.ts', // kills and restarts the service many times
  'svc-forum/src/moderation-matrix.int.test.ts',
  'svc-forum/src/post-list-totals.int.test.ts',
  'svc-forum/src/elections-tally.int.test.ts',
];

class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = LONG_FILES.findIndex((p) => f.moduleId.endsWith(p));
      return i < 0 ? LONG_FILES.length : i;
    };
    // Projects keep their order; within one, the long files go first.
    const project = (f: TestSpecification) => sorted.findIndex((g) => g.project === f.project);
    return sorted
      .map((f, i) => ({ f, i }))
      .sort((a, b) => project(a.f) - project(b.f) || rank(a.f) - rank(b.f) || a.i - b.i)
      .map(({ f }) => f);
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: LongFilesFirst },
    projects: [
      {
        resolve,
        ssr,
        test: {
          name: 'unit',
          include: [
            '**/src/**/*.test.ts',
            '**/src/**/*.test.tsx',
            'scripts/**/*.test.ts',
            'system/lib/**/*.test.ts',
          ],
          exclude: [...exclude, '**/*.int.test.ts'],
          environment: 'node',
          // One module graph per worker instead of one per file (90 -> 24 s here): a test must
          // not depend on which modules another file loaded, or leave mocks and globals behind.
          isolate: false,
        },
      },
      {
        resolve,
        ssr,
        test: {
          name: 'integration',
          include: [
            '**/src/**/*.int.test.ts',
            'scripts/**/*.int.test.ts',
            'system/lib/**/*.int.test.ts',
          ],
          exclude,
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Integration suites start real servers on random ports and spend part of their time
          // waiting on them: with two workers a third of two cores sat idle; three finish the
          // suite about 11% sooner here (263 -> 235 s).
          maxWorkers: 3,
          // Importing the services once per worker instead of once per file saves about 2 of
          // the suite's 6 minutes; every suite starts and stops its own servers and restores
          // its spies (vi.restoreAllMocks), so nothing carries over from one file to the next.
          isolate: false,
        },
      },
    ],
  },
});
