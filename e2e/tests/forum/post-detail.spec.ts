import { expect, test } from '../../fixtures.js';
import {
  apiOk,
  createComment,
  createCommunity,
  createImagePost,
  createPost,
  createUser,
  expectAccessible,
  join,
  signInAs,
} from './helpers.js';
import type { TestCommunity, TestUser } from './helpers.js';

test.describe('post detail', () => {
  let author: TestUser;
  let reader: TestUser;
  let community: TestCommunity;

  test.beforeAll(async () => {
    author = await createUser('pauthor');
    reader = await createUser('preader');
    community = await createCommunity(author);
    await join(reader, community);
  });

  test('breadcrumb, author, type, content; visitors get the sign-in texts', async ({ page }) => {
    const post = await createPost(author, community, {
      title: 'Detail title',
      content: 'Line one\nLine <b>two</b>',
    });
    await page.goto(`/post/${post.id}`);
    const crumb = page.getByTestId('breadcrumb');
    await expect(crumb.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(page.getByTestId('breadcrumb-community')).toHaveText(`c/${community.name}`);
    await expect(page.getByTestId('post-detail-title')).toHaveText('Detail title');
    await expect(page.getByTestId('post-content')).toHaveText('Line one\nLine two');
    await expect(page.getByTestId('post-detail').getByTestId('post-author')).toHaveText(
      `u/${author.username}`,
    );
    await expect(page.getByTestId('post-detail').getByTestId('post-type')).toContainText('text');
    await expect(page.getByTestId('post-edit')).toHaveCount(0);
    await expect(page.getByTestId('subscribe-button')).toHaveCount(0);
    await page.getByTestId('post-upvote').click();
    await expect(page.getByTestId('toast')).toHaveText('Please sign in to vote');
    await page.getByTestId('save-button').click();
    await expect(page.getByTestId('toast').last()).toHaveText('Please sign in to save posts');
    await page.getByTestId('reaction-toggle').click();
    await page.getByTestId('reaction-heart').click();
    await expect(page.getByTestId('toast').last()).toHaveText('Please sign in to react');
    await expect(page.getByTestId('post-score')).toHaveText('0');
    await expect(page.getByTestId('comment-sign-in')).toBeVisible();
    await expectAccessible(page);
  });

  test('votes, save, reactions are optimistic; subscribe after the server; share copies the link', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const post = await createPost(author, community, { title: 'Interact' });
    await signInAs(page, reader);
    await page.goto(`/post/${post.id}`);
    await page.getByTestId('post-upvote').click();
    await expect(page.getByTestId('post-score')).toHaveText('1');
    await expect(page.getByTestId('post-upvote')).toHaveAttribute('aria-pressed', 'true');
    await page.getByTestId('post-downvote').click();
    await expect(page.getByTestId('post-score')).toHaveText('-1');
    await page.getByTestId('post-downvote').click();
    await expect(page.getByTestId('post-score')).toHaveText('0');

    await page.getByTestId('save-button').click();
    await expect(page.getByTestId('save-button')).toHaveText('Saved');
    await page.getByTestId('reaction-toggle').click();
    await page.getByTestId('reaction-rocket').click();
    await expect(page.getByTestId('reaction-count-rocket')).toContainText('1');
    await page.getByTestId('reaction-toggle').click();
    await page.getByTestId('reaction-heart').click();
    await expect(page.getByTestId('reaction-count-heart')).toContainText('1');
    await expect(page.getByTestId('reaction-count-rocket')).toHaveCount(0);

    // The author is subscribed on creation; the reader is not.
    await expect(page.getByTestId('subscribe-button')).toHaveText('Subscribe');
    await page.getByTestId('subscribe-button').click();
    await expect(page.getByTestId('subscribe-button')).toHaveText('Subscribed');

    await page.getByTestId('share-button').click();
    await expect(page.getByTestId('share-button')).toHaveText('Link copied!');
    const origin = new URL(page.url()).origin;
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${origin}/post/${post.id}`,
    );
    await expect(page.getByTestId('share-button')).toHaveText('Share', { timeout: 4000 });

    // Everything was stored.
    await page.reload();
    await expect(page.getByTestId('save-button')).toHaveText('Saved');
    await expect(page.getByTestId('reaction-count-heart')).toContainText('1');
    await expect(page.getByTestId('subscribe-button')).toHaveText('Subscribed');
  });

  test('failures roll back with the §8 texts', async ({ page }) => {
    const post = await createPost(author, community, { title: 'Rollback' });
    await signInAs(page, reader);
    await page.route(`**/api/posts/${post.id}/vote`, (r) => r.fulfill({ status: 500, body: '{}' }));
    await page.route(`**/api/posts/${post.id}/save`, (r) => r.fulfill({ status: 500, body: '{}' }));
    await page.route(`**/api/posts/${post.id}/reactions`, (r) =>
      r.fulfill({ status: 500, body: '{}' }),
    );
    await page.goto(`/post/${post.id}`);
    await page.getByTestId('post-upvote').click();
    await expect(page.getByTestId('toast').last()).toHaveText('Failed to vote. Please try again.');
    await expect(page.getByTestId('post-score')).toHaveText('0');
    await expect(page.getByTestId('post-upvote')).toHaveAttribute('aria-pressed', 'false');
    await page.getByTestId('save-button').click();
    await expect(page.getByTestId('toast').last()).toHaveText(
      'Failed to save post. Please try again.',
    );
    await expect(page.getByTestId('save-button')).toHaveText('Save');
    await page.getByTestId('reaction-toggle').click();
    await page.getByTestId('reaction-wow').click();
    await expect(page.getByTestId('toast').last()).toHaveText(
      'Failed to update reaction. Please try again.',
    );
    await expect(page.getByTestId('reaction-count-wow')).toHaveCount(0);
  });

  test('comment vote and save failures roll back; removing a reaction can fail too', async ({
    page,
  }) => {
    const post = await createPost(author, community, { title: 'Comment rollback' });
    await createComment(author, post, 'Roll me back');
    await apiOk('POST', `/posts/${post.id}/reactions`, {
      token: reader.token,
      body: { reaction_type: 'heart' },
    });
    await signInAs(page, reader);
    await page.route('**/api/comments/*/vote', (r) => r.fulfill({ status: 500, body: '{}' }));
    await page.route('**/api/comments/*/save', (r) => r.fulfill({ status: 500, body: '{}' }));
    await page.route(`**/api/posts/${post.id}/reactions`, (r) =>
      r.request().method() === 'DELETE' ? r.fulfill({ status: 500, body: '{}' }) : r.continue(),
    );
    await page.goto(`/post/${post.id}`);
    const comment = page.getByTestId('comment').first();
    await comment.getByTestId('comment-upvote').click();
    await expect(page.getByTestId('toast').last()).toHaveText('Failed to vote. Please try again.');
    await expect(comment.getByTestId('comment-score')).toHaveText('0');
    await comment.getByTestId('comment-save').click();
    await expect(page.getByTestId('toast').last()).toHaveText(
      'Failed to save comment. Please try again.',
    );
    await expect(comment.getByTestId('comment-save')).toHaveText('Save');
    await expect(page.getByTestId('reaction-count-heart')).toContainText('1');
    await page.getByTestId('reaction-toggle').click();
    await page.getByTestId('reaction-heart').click();
    await expect(page.getByTestId('toast').last()).toHaveText(
      'Failed to remove reaction. Please try again.',
    );
    await expect(page.getByTestId('reaction-count-heart')).toContainText('1');
  });

  test('Failed to load comments with Try Again', async ({ page }) => {
    const post = await createPost(author, community, { title: 'Comments fail' });
    let fail = true;
    await page.route('**/api/comments/post/**', (r) =>
      fail ? r.fulfill({ status: 500, body: '{}' }) : r.continue(),
    );
    await page.goto(`/post/${post.id}`);
    await expect(page.getByTestId('comments-error')).toContainText('Failed to load comments');
    fail = false;
    await page.getByTestId('comments-error').getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByTestId('comments-empty')).toBeVisible();
  });

  test('author edits (Update Post / Cancel) and deletes', async ({ page }) => {
    const post = await createPost(author, community, { title: 'Editable', content: 'Old content' });
    await signInAs(page, author);
    await page.goto(`/post/${post.id}`);
    await page.getByTestId('post-edit').click();
    await page.getByTestId('edit-title-input').fill('Cancelled title');
    await page.getByTestId('edit-cancel').click();
    await expect(page.getByTestId('post-detail-title')).toHaveText('Editable');
    await page.getByTestId('post-edit').click();
    await page.getByTestId('edit-title-input').fill('');
    await expect(page.getByTestId('edit-submit')).toBeDisabled();
    await page.getByTestId('edit-title-input').fill('Edited title');
    await page.getByTestId('edit-content-input').fill('New content');
    await page.getByRole('button', { name: 'Update Post' }).click();
    await expect(page.getByTestId('post-detail-title')).toHaveText('Edited title');
    await expect(page.getByTestId('post-content')).toHaveText('New content');
    await page.getByTestId('post-delete').click();
    await page.getByTestId('post-delete-yes').click();
    await expect(page).toHaveURL(new RegExp(`/c/${community.name}$`));
    await page.goto(`/post/${post.id}`);
    await expect(page.getByTestId('post-not-found')).toContainText('Post not found');
    await page.getByRole('link', { name: 'Go Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('comments: add, reply to depth 3, edit, delete, sort best by default', async ({ page }) => {
    const post = await createPost(author, community, { title: 'Discussed' });
    await signInAs(page, reader);
    await page.goto(`/post/${post.id}`);
    await expect(page.getByTestId('comment-sort')).toHaveValue('best');
    await expect(page.getByTestId('comments-empty')).toBeVisible();
    await expect(page.getByTestId('comment-form').getByTestId('comment-submit')).toBeDisabled();
    await page.getByTestId('comment-input').fill('First comment');
    await page.getByTestId('comment-form').getByTestId('comment-submit').click();
    const top = page.getByTestId('comment').filter({ hasText: 'First comment' }).first();
    await expect(top).toHaveAttribute('data-depth', '0');
    await expect(page.getByTestId('post-detail').getByTestId('post-comments')).toHaveText(
      '1 comment',
    );
    await page.getByTestId('comment-input').fill('Second comment');
    await page.getByTestId('comment-form').getByTestId('comment-submit').click();
    // New top-level comments are prepended.
    await expect(page.getByTestId('comment-list').locator(':scope > li').first()).toContainText(
      'Second comment',
    );

    // Replies down to depth 3, where Reply disappears.
    let parent = top;
    for (let depth = 1; depth <= 3; depth++) {
      await parent.getByTestId('comment-reply').first().click();
      await parent.getByTestId('reply-input').fill(`Reply depth ${depth}`);
      await parent.getByTestId('reply-form').getByTestId('comment-submit').click();
      parent = page
        .locator(`[data-testid="comment"][data-depth="${depth}"]`)
        .filter({ hasText: `Reply depth ${depth}` });
      await expect(parent).toBeVisible();
    }
    await expect(parent.getByTestId('comment-reply')).toHaveCount(0);
    await expect(page.getByTestId('post-detail').getByTestId('post-comments')).toHaveText(
      '5 comments',
    );

    // Edit and delete own comment.
    const second = page.getByTestId('comment').filter({ hasText: 'Second comment' });
    await second.getByTestId('comment-edit').click();
    await second.getByTestId('comment-edit-input').fill('Second comment, edited');
    await second.getByRole('button', { name: 'Update Comment' }).click();
    await expect(
      page.getByTestId('comment-content').filter({ hasText: 'Second comment, edited' }),
    ).toBeVisible();
    const edited = page.getByTestId('comment').filter({ hasText: 'Second comment, edited' });
    await edited.getByTestId('comment-delete').click();
    await edited.getByTestId('comment-delete-yes').click();
    await expect(page.getByText('Second comment, edited')).toHaveCount(0);
    await expect(page.getByTestId('post-detail').getByTestId('post-comments')).toHaveText(
      '4 comments',
    );

    // Comment votes and saves.
    const first = page.getByTestId('comment').filter({ hasText: 'First comment' }).first();
    await first.getByTestId('comment-upvote').first().click();
    await expect(first.getByTestId('comment-score').first()).toHaveText('1');
    await first.getByTestId('comment-save').first().click();
    await expect(first.getByTestId('comment-save').first()).toHaveText('Saved');
    await expectAccessible(page);
  });

  test('#comment-{id} scrolls to and highlights the comment for 3 s', async ({ page }) => {
    const post = await createPost(author, community, { title: 'Long thread' });
    let target = { id: '' };
    for (let i = 0; i < 15; i++) {
      const c = await createComment(reader, post, `Comment number ${i}\n${'filler\n'.repeat(5)}`);
      if (i === 0) target = c;
    }
    await page.goto(`/post/${post.id}#comment-${target.id}`);
    const el = page.locator(`#comment-${target.id}`);
    await expect(el).toHaveAttribute('data-highlighted', 'true');
    await expect(el).toBeInViewport();
    await expect(el).not.toHaveAttribute('data-highlighted', 'true', { timeout: 5000 });
  });

  test('more than 50 top-level comments: Load more comments shows the rest once each', async ({
    page,
  }) => {
    const post = await createPost(author, community, { title: 'Busy thread' });
    // Sequential: "new" order must follow creation order exactly.
    for (let i = 1; i <= 53; i++) await createComment(reader, post, `Bulk comment ${i}`);
    await page.goto(`/post/${post.id}`);
    await page.getByTestId('comment-sort').selectOption('new');
    const tops = page.getByTestId('comment-list').locator(':scope > li');
    await expect(tops).toHaveCount(50);
    const content = (li: typeof tops) => li.getByTestId('comment-content').first();
    await expect(content(tops.first())).toHaveText('Bulk comment 53');
    await page.getByTestId('comments-load-more').click();
    await expect(tops).toHaveCount(53);
    await expect(content(tops.last())).toHaveText('Bulk comment 1');
    await expect(page.getByTestId('comments-load-more')).toHaveCount(0);
  });

  test('visitors cannot save comments', async ({ page }) => {
    const post = await createPost(author, community, { title: 'Visitor comments' });
    await createComment(reader, post, 'Be saved');
    await page.goto(`/post/${post.id}`);
    await page.getByTestId('comment-save').click();
    await expect(page.getByTestId('toast')).toHaveText('Please sign in to save comments');
  });

  test('image viewer opens on click and closes by Escape or click', async ({ page }) => {
    const post = await createImagePost(author, community, 'Picture');
    await page.goto(`/post/${post.id}`);
    await page.getByTestId('post-image').click();
    await expect(page.getByTestId('image-viewer')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('image-viewer')).toHaveCount(0);
    await page.getByTestId('post-image').click();
    await page.getByTestId('image-viewer').click();
    await expect(page.getByTestId('image-viewer')).toHaveCount(0);
  });

  test('Post not found with Go Home; NSFW post needs an account', async ({ page }) => {
    await page.goto('/post/000000000000000000000000');
    await expect(page.getByTestId('post-not-found')).toContainText('Post not found');
    await expect(page.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
    const nsfw = await createCommunity(author, { nsfw: true });
    const post = await createPost(author, nsfw, { title: 'Adults only' });
    await page.goto(`/post/${post.id}`);
    await expect(page.getByTestId('post-nsfw')).toContainText('Sign up to view NSFW content');
  });
});
