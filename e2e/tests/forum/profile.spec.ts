import { expect, test } from '../../fixtures.js';
import {
  apiOk,
  createComment,
  createCommunity,
  createPost,
  createUser,
  expectAccessible,
  pngBytes,
  signInAs,
} from './helpers.js';

test('User not found', async ({ page }) => {
  await page.goto('/u/nobodyatall000');
  await expect(page.getByTestId('user-not-found')).toContainText('User not found');
});

test('profile: avatar, points, joined, badges, posts (New/Top/Hot) and comments with Load More', async ({
  page,
}) => {
  const user = await createUser('prof');
  const voter = await createUser('voter');
  const community = await createCommunity(user);
  const posts = [];
  for (let i = 0; i < 11; i++)
    posts.push(await createPost(user, community, { title: `Profile post ${i}` }));
  await apiOk('POST', `/posts/${posts[0]!.id}/vote`, {
    token: voter.token,
    body: { vote_type: 1 },
  });
  for (let i = 0; i < 11; i++) await createComment(user, posts[0]!, `Profile comment ${i}`);

  await page.goto(`/u/${user.username}`);
  await expect(page.getByTestId('profile-username')).toHaveText(`u/${user.username}`);
  await expect(page.getByTestId('profile-avatar-initial')).toBeVisible();
  await expect(page.getByTestId('profile-points')).toHaveText(/^\d+ points$/);
  await expect(page.getByTestId('profile-joined')).toHaveText(/^Joined \d+[smhd] ago$/);
  await expect(page.getByTestId('send-message')).toHaveCount(0);
  await expect(page.getByTestId('avatar-controls')).toHaveCount(0);
  // Badges: the Founders Club may apply (first registrations); never more than 6 shown.
  expect(await page.getByTestId('profile-badge').count()).toBeLessThanOrEqual(6);

  await expect(page.getByTestId('sort-new')).toHaveAttribute('aria-pressed', 'true');
  const list = page.getByTestId('profile-posts');
  await expect(list.getByTestId('post-card')).toHaveCount(10);
  await expect(list.getByTestId('post-title').first()).toHaveText('Profile post 10');
  await page.getByTestId('load-more-profile-posts').click();
  await expect(list.getByTestId('post-card')).toHaveCount(11);
  await page.getByTestId('sort-top').click();
  await expect(list.getByTestId('post-title').first()).toHaveText('Profile post 0');
  await expectAccessible(page);

  await page.getByTestId('tab-comments').click();
  await expect(page.getByTestId('tab-comments')).toHaveAttribute('aria-selected', 'true');
  const comments = page.getByTestId('profile-comments');
  await expect(comments.getByTestId('comment-row')).toHaveCount(10);
  await page.getByTestId('load-more-profile-comments').click();
  await expect(comments.getByTestId('comment-row')).toHaveCount(11);
});

test('Send Message for other signed-in users; the owner uploads and removes an avatar', async ({
  page,
}) => {
  const owner = await createUser('owner');
  const other = await createUser('other');
  await signInAs(page, other);
  await page.goto(`/u/${owner.username}`);
  await expect(page.getByTestId('send-message')).toHaveAttribute(
    'href',
    `/inbox/new?to=${owner.username}`,
  );
  await expect(page.getByTestId('avatar-controls')).toHaveCount(0);

  await page.goto(`/u/${other.username}`);
  await expect(page.getByTestId('send-message')).toHaveCount(0);
  const input = page.getByTestId('avatar-input');
  await input.setInputFiles({
    name: 'x.gif.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('x'),
  });
  await expect(page.getByTestId('avatar-input-error')).toHaveText(
    'Invalid file type. Only JPEG, PNG, GIF, and WebP images are allowed.',
  );
  await input.setInputFiles({
    name: 'big.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(2 * 1024 * 1024 + 1),
  });
  await expect(page.getByTestId('avatar-input-error')).toHaveText(
    'File size too large. Maximum size is 2MB.',
  );
  await input.setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: Buffer.from(pngBytes()),
  });
  await expect(page.getByTestId('profile-avatar')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('profile-avatar')).toBeVisible();
  await page.getByTestId('avatar-remove').click();
  await expect(page.getByTestId('profile-avatar-initial')).toBeVisible();
});
