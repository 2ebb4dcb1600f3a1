import { gzipSync } from 'node:zlib';
import { expect, test } from '../../fixtures.js';

/**
 * The shell's initial JS: every script the shell itself (not a remote) loads before a shell page
 * is interactive, gzip-compressed. The visitor budget for / (shell + forum home) is asserted in
 * forum/perf.spec.ts.
 */
test('initial JS of the shell (gzip)', async ({ page, request }) => {
  const scripts = new Set<string>();
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (r.resourceType() === 'script' && !url.pathname.startsWith('/remotes/')) {
      scripts.add(url.pathname);
    }
  });
  await page.goto('/no-such-page');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await page.waitForLoadState('networkidle');
  let total = 0;
  const rows: string[] = [];
  for (const path of [...scripts].sort()) {
    const body = await (await request.get(path)).body();
    const gz = gzipSync(body, { level: 9 }).length;
    total += gz;
    rows.push(`${(gz / 1024).toFixed(1).padStart(7)} KB  ${path}`);
  }
  const summary = `shell initial JS: ${(total / 1024).toFixed(1)} KB gzip in ${scripts.size} files\n${rows.join('\n')}`;
  console.log(summary);
  test
    .info()
    .annotations.push({ type: 'initial-js-gzip-kb', description: (total / 1024).toFixed(1) });
  // About 133 KB: react-dom (~64 KB), the MF runtime + entry (~27 KB, also used by the remotes;
  // built from the runtime's ES modules, tree-shaken), the shared react-router subset (~15 KB) and
  // react-query (~13 KB) are most of it; zod and the response schemas are not in it (lazy chunks
  // of the SDK). The visitor budget for / (shell + mf-forum) is asserted in
  // tests/forum/perf.spec.ts.
  expect(total).toBeLessThan(140 * 1024);
});
