import { defineConfig } from 'vitest/config';

// Workspace packages export TypeScript sources under the `source` condition,
// so tests run against the code, not against stale builds.
const conditions = ['source', 'module', 'node', 'import', 'default'];
const resolve = { conditions };
// Tests run in Vite's SSR environment, which resolves (and externalises) with its own conditions.
const ssr = { resolve: { conditions, externalConditions: ['source'] } };
const exclude = ['**/node_modules/**', '**/dist/**', 'e2e/**'];

export default defineConfig({
  test: {
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
        },
      },
      {
        resolve,
        ssr,
        test: {
          name: 'integration',
          include: ['**/src/**/*.int.test.ts', 'scripts/**/*.int.test.ts'],
          exclude,
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Integration suites start real servers on random ports; two cores keep them few.
          maxWorkers: 2,
        },
      },
    ],
  },
});
