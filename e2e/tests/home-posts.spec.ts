import { env, expect, test } from '../fixtures.js';

test('the home page lists posts that svc-forum read from the database', async ({ page }) => {
  const titles = env.postTitles;
  await page.goto('/');
  const list = page.getByTestId('post-list');
  await expect(list).toBeVisible();
  for (const title of titles) {
    await expect(list.getByTestId('post-title').filter({ hasText: title })).toBeVisible();
  }
});
