import { expect, test } from '../../fixtures.js';
import {
  apiOk,
  createComment,
  createCommunity,
  createPost,
  createUser,
  expectAccessible,
  signInAs,
} from './helpers.js';

test('signed out: Sign in to view saved posts', async ({ page }) => {
  await page.goto('/saved');
  await expect(page.getByTestId('saved-signed-out')).toContainText('Sign in to view saved posts');
  await expectAccessible(page);
});

test('Saved Posts and Saved Comments with Load More; unsaving a comment removes it', async ({
  page,
}) => {
  const user = await createUser('saver');
  const community = await createCommunity(user);
  const posts = [];
  for (let i = 0; i < 11; i++)
    posts.push(await createPost(user, community, { title: `Saved post ${i}` }));
  for (const p of posts) await apiOk('POST', `/posts/${p.id}/save`, { token: user.token });
  const comments = [];
  for (let i = 0; i < 11; i++)
    comments.push(await createComment(user, posts[0]!, `Saved comment ${i}`));
  for (const c of comments) await apiOk('POST', `/comments/${c.id}/save`, { token: user.token });

  await signInAs(page, user);
  await page.goto('/saved');
  await expect(page.getByRole('heading', { name: 'Saved Posts' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Saved Comments' })).toBeVisible();
  const postList = page.getByTestId('saved-posts-list');
  await expect(postList.getByTestId('post-card')).toHaveCount(10);
  await expect(postList.getByTestId('save-button').first()).toHaveText('Saved');
  await page.getByTestId('load-more-saved-posts').click();
  await expect(postList.getByTestId('post-card')).toHaveCount(11);
  const commentList = page.getByTestId('saved-comments-list');
  await expect(commentList.getByTestId('comment-row')).toHaveCount(10);
  await page.getByTestId('load-more-saved-comments').click();
  await expect(commentList.getByTestId('comment-row')).toHaveCount(11);
  await expectAccessible(page);
  // Newest save first.
  const firstRow = commentList.getByTestId('comment-row').first();
  await expect(firstRow).toContainText('Saved comment 10');
  await expect(firstRow.getByTestId('comment-row-post')).toHaveText('Saved post 0');
  const unsaved = page.waitForResponse(
    (r) => r.url().endsWith('/save') && r.request().method() === 'DELETE',
  );
  await firstRow.getByTestId('comment-save').click();
  // Optimistic: gone before the server answered.
  await expect(commentList.getByTestId('comment-row')).toHaveCount(10);
  expect((await unsaved).status()).toBe(200);
  await page.reload();
  // Wait for the reloaded list itself (a count of 0 before it loads would prove nothing), and
  // match whole contents: "Saved comment 1" runs into "0 points" as "Saved comment 10 points".
  const reloaded = page.getByTestId('saved-comments-list');
  await expect(reloaded.getByTestId('comment-row')).toHaveCount(10);
  await expect(reloaded.getByTestId('comment-row').first()).toContainText('Saved comment 9');
  await expect(
    reloaded.getByTestId('comment-row-content').getByText('Saved comment 10', { exact: true }),
  ).toHaveCount(0);
});
