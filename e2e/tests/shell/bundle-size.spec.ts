import { gzipSync } from 'node:zlib';
import { expect, test } from '../../fixtures.js';

/**
 * The shell's initial JS (issue 9 needs shell + forum home under 200 KB gzip): every script the
 * shell itself (not a remote) loads before a shell page is interactive, gzip-compressed.
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
  // react-dom (~64 KB), react-router (~60 KB), the MF runtime and react-query are most of it.
  expect(total).toBeLessThan(195 * 1024);
});
