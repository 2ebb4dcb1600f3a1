import { ensureUser, seedForum } from '../../scripts/lib/seed.js';
import { env, expect, test } from '../fixtures.js';

test('the home page lists posts that svc-forum read from the database', async ({ page }) => {
  // Posts of its own, written just before the check: other suites add posts too, and the home
  // list shows the newest 20.
  const run = Date.now().toString(36);
  const user = await ensureUser(env.baseUrl, `homeposts${run}`);
  const seeded = await seedForum(env.baseUrl, {
    user,
    communityName: `home_${run}`,
    posts: 2,
    title: (i) => `Home post ${i + 1} ${run}`,
  });
  await page.goto('/');
  const list = page.getByTestId('post-list');
  await expect(list).toBeVisible();
  for (const { title } of seeded.posts) {
    await expect(list.getByTestId('post-title').filter({ hasText: title })).toBeVisible();
  }
});
