import type { Page } from '@playwright/test';
import { expect, test } from '../../fixtures.js';
import {
  LIVE_MS,
  createComment,
  createCommunity,
  createPost,
  eventually,
  expectNoSeriousA11yViolations,
  registerUser,
  signInContext,
  streamOpened,
} from './helpers.js';

/** Opens the post page and waits for the stream carrying the post's comments. */
async function openPost(page: Page, postId: string) {
  const opened = streamOpened(page, postId);
  await page.goto(`/post/${postId}`);
  await expect(page.getByTestId('post-detail')).toBeVisible();
  return opened;
}

/** EXTENSIONS §L: "N new comments — show" on an open post. */
test.describe('new comments on an open post', () => {
  test('counts others’ comments, not the reader’s own; Show loads them', async ({ page }) => {
    const author = await registerUser('ncauthor');
    const reader = await registerUser('ncreader');
    const community = await createCommunity(author);
    const post = await createPost(author, community);
    await signInContext(page, reader);
    await openPost(page, post.id);
    await expect(page.getByTestId('comments-empty')).toBeVisible();
    const show = page.getByTestId('new-comments-show');
    await expect(show).toHaveCount(0);

    // The reader's own comment (made elsewhere) is not announced; the author's is. (The forum
    // learns of a new user by event: the first write may have to wait for it.)
    await eventually(() => createComment(reader, post, 'My own words'));
    const start = Date.now();
    await createComment(author, post, 'Fresh from the author');
    await expect(show).toHaveText('1 new comment — show', { timeout: LIVE_MS });
    expect(Date.now() - start).toBeLessThan(LIVE_MS);
    await expect(page.getByTestId('new-comments')).toHaveAttribute('aria-live', 'polite');
    await createComment(author, post, 'And another');
    await expect(show).toHaveText('2 new comments — show', { timeout: LIVE_MS });

    await show.click();
    await expect(show).toHaveCount(0);
    const comments = page.getByTestId('comment-content');
    await expect(comments).toHaveCount(3);
    for (const text of ['My own words', 'Fresh from the author', 'And another']) {
      await expect(comments.filter({ hasText: text })).toBeVisible();
    }
  });

  test('a visitor on a public post sees it too', async ({ browser }) => {
    const author = await registerUser('ncvis');
    const community = await createCommunity(author);
    const post = await createPost(author, community);
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      const stream = await openPost(page, post.id);
      expect(stream.request().headers().authorization).toBeUndefined();
      const start = Date.now();
      await createComment(author, post, 'Hello visitors');
      const show = page.getByTestId('new-comments-show');
      await expect(show).toHaveText('1 new comment — show', { timeout: LIVE_MS });
      expect(Date.now() - start).toBeLessThan(LIVE_MS);
      await show.click();
      await expect(page.getByTestId('comment-content')).toHaveText(['Hello visitors']);
    } finally {
      await context.close();
    }
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`axe: the new comments button, ${theme} theme`, async ({ page }) => {
      const author = await registerUser('ncaxe');
      const community = await createCommunity(author);
      const post = await createPost(author, community);
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
      await openPost(page, post.id);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await createComment(author, post, `A ${theme} comment`);
      await expect(page.getByTestId('new-comments-show')).toBeVisible({ timeout: LIVE_MS });
      await expectNoSeriousA11yViolations(page, `post page with new comments (${theme})`);
    });
  }
});
