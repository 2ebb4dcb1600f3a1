import type { Page } from '@playwright/test';
import { expect, test } from '../../fixtures.js';
import {
  createComment,
  createCommunity,
  createPost,
  createUser,
  expectAccessible,
  join,
  signInAs,
} from './helpers.js';
import type { TestCommunity, TestPost, TestUser } from './helpers.js';

/**
 * Issue 17: the post page nests only a comment's first replies (10 under a top-level comment, 5
 * under a reply, 3 deeper); "N more replies" loads the rest from where the page stopped.
 */
test.describe('more replies', () => {
  let author: TestUser;
  let reader: TestUser;
  let community: TestCommunity;

  test.beforeAll(async () => {
    author = await createUser('mrauthor');
    reader = await createUser('mrreader');
    community = await createCommunity(author);
    await join(reader, community);
  });

  /**
   * A: 12 replies, the newest (B) with 6, whose newest (C) has 5. Nobody votes, so "best" ties
   * and the newest come first: B and C are on the page, the oldest of each list are not.
   */
  async function bigThread(): Promise<{ post: TestPost; a: string; b: string; c: string }> {
    const post = await createPost(author, community, { title: 'A long discussion' });
    const a = (await createComment(author, post, 'Thread A')).id;
    for (let i = 1; i <= 11; i++) await createComment(author, post, `A reply ${i}`, a);
    const b = (await createComment(author, post, 'A reply 12 (B)', a)).id;
    for (let i = 1; i <= 5; i++) await createComment(author, post, `B reply ${i}`, b);
    const c = (await createComment(author, post, 'B reply 6 (C)', b)).id;
    for (let i = 1; i <= 5; i++) await createComment(author, post, `C reply ${i}`, c);
    return { post, a, b, c };
  }

  const repliesOf = (page: Page, id: string) =>
    page.locator(`[data-comment-id="${id}"] > [data-testid="replies"] > li`);
  const moreOf = (page: Page, id: string) =>
    page.locator(`[data-testid="more-replies"][data-comment-id="${id}"]`);
  /** Each text once on the page (whole contents: "A reply 1" is not "A reply 10"). */
  async function expectOnce(page: Page, texts: string[]) {
    for (const text of texts) {
      await expect(
        page.getByTestId('comment-content').filter({ hasText: new RegExp(`^${text}$`) }),
      ).toHaveCount(1);
    }
  }

  test('shows the first replies and "N more replies", which loads the rest', async ({ page }) => {
    const { post, a, b, c } = await bigThread();
    await signInAs(page, reader);
    await page.goto(`/post/${post.id}`);
    await expect(repliesOf(page, a)).toHaveCount(10);
    await expect(repliesOf(page, b)).toHaveCount(5);
    await expect(repliesOf(page, c)).toHaveCount(3);
    await expect(moreOf(page, a)).toHaveText('2 more replies');
    await expect(moreOf(page, b)).toHaveText('1 more reply');
    await expect(moreOf(page, c)).toHaveText('2 more replies');
    await expect(page.getByText('A reply 1', { exact: true })).toHaveCount(0);
    await expectAccessible(page);

    await moreOf(page, a).click();
    await expect(repliesOf(page, a)).toHaveCount(12);
    await expect(moreOf(page, a)).toHaveCount(0);
    await expectOnce(page, ['A reply 1', 'A reply 2', 'A reply 11', 'A reply 12 \\(B\\)']);
    // The newest first, as the page sorts them: the two loaded ones are the oldest, last.
    await expect(repliesOf(page, a).last()).toContainText('A reply 1');
    await moreOf(page, b).click();
    await expect(repliesOf(page, b)).toHaveCount(6);
    await expect(moreOf(page, b)).toHaveCount(0);
    await expectAccessible(page);
  });

  test('works from the keyboard, and in the order the reader chose', async ({ page }) => {
    const { post, a, c } = await bigThread();
    await signInAs(page, reader);
    await page.goto(`/post/${post.id}`);
    await page.getByTestId('comment-sort').selectOption('old');
    // Oldest first: A's first ten, without B (the newest) and so without C.
    await expect(repliesOf(page, a).first()).toContainText('A reply 1');
    await expect(page.locator(`[data-comment-id="${c}"]`)).toHaveCount(0);

    await moreOf(page, a).focus();
    await page.keyboard.press('Enter');
    await expect(repliesOf(page, a)).toHaveCount(12);
    // The button is gone: focus moves to the first reply it brought.
    await expect(repliesOf(page, a).nth(10)).toBeFocused();
    await expect(repliesOf(page, a).nth(10)).toContainText('A reply 11');

    // B's replies, oldest first: C is the last of them, outside B's first five.
    const b = repliesOf(page, a).nth(11);
    await expect(b).toContainText('A reply 12 (B)');
    const bId = (await b.getAttribute('data-comment-id'))!;
    await moreOf(page, bId).focus();
    await page.keyboard.press('Space');
    await expect(repliesOf(page, bId)).toHaveCount(6);
    // C arrived with its first three replies (oldest first) and its own button.
    await expect(repliesOf(page, c)).toHaveCount(3);
    await expect(repliesOf(page, c).first()).toContainText('C reply 1');
    await expect(moreOf(page, c)).toHaveText('2 more replies');
    await moreOf(page, c).focus();
    await page.keyboard.press('Enter');
    await expect(repliesOf(page, c)).toHaveCount(5);
    await expectOnce(page, ['C reply 1', 'C reply 4', 'C reply 5']);
  });

  test('a reply written meanwhile is appended, kept once, and the counts stay right', async ({
    page,
  }) => {
    const { post, a } = await bigThread();
    await signInAs(page, reader);
    await page.goto(`/post/${post.id}`);
    const thread = page.locator(`[data-comment-id="${a}"]`);
    await thread.getByTestId('comment-reply').first().click();
    await thread.getByTestId('reply-input').first().fill('Written meanwhile');
    await thread.getByTestId('reply-form').getByTestId('comment-submit').click();
    // Appended under the first ten; still two missing.
    await expect(repliesOf(page, a)).toHaveCount(11);
    await expect(repliesOf(page, a).last()).toContainText('Written meanwhile');
    await expect(moreOf(page, a)).toHaveText('2 more replies');

    await moreOf(page, a).click();
    await expect(repliesOf(page, a)).toHaveCount(13);
    await expect(moreOf(page, a)).toHaveCount(0);
    await expectOnce(page, ['Written meanwhile', 'A reply 1', 'A reply 2']);
    await expect(page.getByTestId('post-detail').getByTestId('post-comments')).toHaveText(
      '25 comments',
    );
  });

  test('says when loading fails, shows that it is loading, and tries again', async ({ page }) => {
    const { post, a } = await bigThread();
    await signInAs(page, reader);
    await page.goto(`/post/${post.id}`);
    await expect(moreOf(page, a)).toHaveText('2 more replies');

    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/comments/*/replies*', async (route) => {
      await held;
      await route.fulfill({ status: 503, json: { error: 'Service unavailable' } });
    });
    await moreOf(page, a).click();
    await expect(moreOf(page, a)).toHaveText('Loading...');
    await expect(moreOf(page, a)).toHaveAttribute('aria-busy', 'true');
    release();
    await expect(page.getByTestId('toast')).toHaveText('Failed to load replies. Please try again.');
    await expect(moreOf(page, a)).toHaveText('2 more replies');
    await expect(repliesOf(page, a)).toHaveCount(10);

    await page.unroute('**/api/comments/*/replies*');
    await moreOf(page, a).click();
    await expect(repliesOf(page, a)).toHaveCount(12);
    await expect(moreOf(page, a)).toHaveCount(0);
  });
});
