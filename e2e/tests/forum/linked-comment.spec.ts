import type { Page } from '@playwright/test';
import { expect, test } from '../../fixtures.js';
import {
  apiOk,
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
 * Issue 17: a post's page nests a bounded number of replies and 50 threads, yet a link to any of
 * its comments (#comment-{id}: notifications, saved comments, reports, profiles) shows it,
 * scrolled to and highlighted, in its thread; what the page loads later does not repeat it.
 */
test.describe('linked comment', () => {
  let author: TestUser;
  let reader: TestUser;
  let community: TestCommunity;

  test.beforeAll(async () => {
    author = await createUser('lcauthor');
    reader = await createUser('lcreader');
    community = await createCommunity(author);
    await join(reader, community);
  });

  /**
   * `n` replies to `parent` (top-level comments without one), the first (`Name 1`) created before
   * the others: nobody votes, so "best" ties and shows it last, beyond any bound.
   */
  async function comments(post: TestPost, name: string, n: number, parent?: string) {
    const first = await createComment(author, post, `${name} 1`, parent);
    const rest = await Promise.all(
      Array.from({ length: n - 1 }, (_, i) =>
        createComment(author, post, `${name} ${i + 2}`, parent),
      ),
    );
    return [first.id, ...rest.map((c) => c.id)];
  }

  const comment = (page: Page, id: string) => page.locator(`[data-comment-id="${id}"]`);
  const repliesOf = (page: Page, id: string) =>
    page.locator(`[data-comment-id="${id}"] > [data-testid="replies"] > li`);
  const moreOf = (page: Page, id: string) =>
    page.locator(`[data-testid="more-replies"][data-comment-id="${id}"]`);
  const contents = (page: Page, text: string) =>
    page.getByTestId('comment-content').filter({ hasText: new RegExp(`^${text}$`) });

  async function expectLinked(page: Page, id: string) {
    const el = page.locator(`#comment-${id}`);
    await expect(el).toHaveAttribute('data-highlighted', 'true');
    await expect(el).toBeInViewport();
    await expect(el).toBeFocused();
  }

  test('a reply beyond the ones the page nests: shown, then once among the rest', async ({
    page,
  }) => {
    const post = await createPost(author, community, { title: 'Fifteen replies' });
    const [a] = await comments(post, 'Thread', 1);
    const [r1] = await comments(post, 'Reply', 15, a);
    await signInAs(page, reader);
    await page.goto(`/post/${post.id}#comment-${r1}`);
    await expectLinked(page, r1!);
    // The first ten, then the linked one; the four others still to load.
    await expect(repliesOf(page, a!)).toHaveCount(11);
    await expect(repliesOf(page, a!).last()).toHaveAttribute('data-comment-id', r1!);
    await expect(moreOf(page, a!)).toHaveText('4 more replies');
    await expectAccessible(page);

    await moreOf(page, a!).click();
    await expect(repliesOf(page, a!)).toHaveCount(15);
    await expect(moreOf(page, a!)).toHaveCount(0);
    for (const n of [1, 2, 5, 15]) await expect(contents(page, `Reply ${n}`)).toHaveCount(1);
  });

  test('a depth-3 reply under replies beyond the bounds comes with its ancestors', async ({
    page,
  }) => {
    const post = await createPost(author, community, { title: 'Deep link' });
    const [a] = await comments(post, 'Top', 1);
    const [b] = await comments(post, 'A reply', 12, a);
    const [c] = await comments(post, 'B reply', 6, b);
    const [d] = await comments(post, 'C reply', 4, c);
    await signInAs(page, reader);
    await page.goto(`/post/${post.id}#comment-${d}`);
    await expectLinked(page, d!);
    await expect(comment(page, a!).locator(`[data-comment-id="${d}"]`)).toHaveAttribute(
      'data-depth',
      '3',
    );
    // Each level counts the linked branch as one of its replies.
    await expect(moreOf(page, a!)).toHaveText('1 more reply');
    await expect(moreOf(page, b!)).toHaveText('5 more replies');
    await expect(moreOf(page, c!)).toHaveText('3 more replies');
    await expectAccessible(page);

    await moreOf(page, b!).click();
    await expect(repliesOf(page, b!)).toHaveCount(6);
    await expect(moreOf(page, b!)).toHaveCount(0);
    await moreOf(page, c!).click();
    await expect(repliesOf(page, c!)).toHaveCount(4);
    for (const text of ['B reply 1', 'B reply 6', 'C reply 1', 'C reply 4']) {
      await expect(contents(page, text)).toHaveCount(1);
    }
    await expect(comment(page, d!)).toBeVisible();
  });

  test('a thread past the first page: on top, then not again from the next page', async ({
    page,
  }) => {
    const post = await createPost(author, community, { title: 'Fifty-one threads' });
    const [t1] = await comments(post, 'Thread', 51);
    await comments(post, 'Under', 2, t1);
    const mine = await createComment(reader, post, 'Mine');
    await signInAs(page, reader);
    await page.goto(`/post/${post.id}#comment-${t1}`);
    await expectLinked(page, t1!);
    const tops = page.getByTestId('comment-list').locator(':scope > li');
    await expect(tops).toHaveCount(51);
    await expect(tops.first()).toHaveAttribute('data-comment-id', t1!);
    await expect(moreOf(page, t1!)).toHaveText('2 more replies');
    await expectAccessible(page);

    // A deletion reloads the threads: the linked one stays, still once and first.
    await comment(page, mine.id).getByTestId('comment-delete').click();
    await page.getByTestId('comment-delete-yes').click();
    await expect(comment(page, mine.id)).toHaveCount(0);
    await expect(tops).toHaveCount(51);
    await expect(tops.first()).toHaveAttribute('data-comment-id', t1!);

    await moreOf(page, t1!).click();
    await expect(repliesOf(page, t1!)).toHaveCount(2);
    await page.getByTestId('comments-load-more').click();
    await expect(page.getByTestId('comments-load-more')).toHaveCount(0);
    await expect(tops).toHaveCount(51);
    await expect(contents(page, 'Thread 1')).toHaveCount(1);
    await expect(contents(page, 'Thread 51')).toHaveCount(1);
  });

  test('a deleted comment shows as its thread shows it; a missing one, nothing', async ({
    page,
  }) => {
    const post = await createPost(author, community, { title: 'Gone' });
    const [a] = await comments(post, 'Thread', 1);
    const [r1] = await comments(post, 'Reply', 11, a);
    await comments(post, 'Kept', 1, r1);
    await apiOk('DELETE', `/comments/${r1}`, { token: author.token });
    await signInAs(page, reader);
    await page.goto(`/post/${post.id}#comment-${'f'.repeat(24)}`);
    await expect(repliesOf(page, a!)).toHaveCount(10);
    await expect(moreOf(page, a!)).toHaveText('1 more reply');
    await expect(page.locator('[data-highlighted="true"]')).toHaveCount(0);
    await expect(page.getByTestId('toast')).toHaveCount(0);

    // The same page, another link: the deleted reply, as '[deleted]' with its reply.
    await page.goto(`/post/${post.id}#comment-${r1}`);
    await expectLinked(page, r1!);
    await expect(comment(page, r1!).getByTestId('comment-content').first()).toHaveText('[deleted]');
    await expect(moreOf(page, r1!)).toHaveText('1 more reply');
    await expectAccessible(page);
  });
});
