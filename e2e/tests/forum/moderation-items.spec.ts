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
import type { TestCommunity, TestUser } from './helpers.js';
import { moderatePost, pageAs } from './moderation-helpers.js';

/** EXTENSIONS §M4 and §M8 on the post page: the Moderate menu, Report, removed items, Appeal. */

const toast = (page: Page) => page.getByTestId('toast').last();

/** Opens the Moderate menu of the post (or of `scope`, a comment) and picks `action`. */
async function moderate(
  page: Page,
  action: string,
  scope: 'post' | ReturnType<Page['getByTestId']>,
) {
  const trigger =
    scope === 'post' ? page.getByTestId('post-moderate') : scope.getByTestId('comment-moderate');
  await trigger.click();
  await page.getByTestId('moderate-menu').getByTestId(`moderate-${action}`).click();
}

test.describe('item moderation', () => {
  let owner: TestUser;
  let author: TestUser;
  let member: TestUser;
  let community: TestCommunity;

  test.beforeAll(async () => {
    owner = await createUser('mowner');
    author = await createUser('mauthor');
    member = await createUser('mmember');
    community = await createCommunity(owner);
    await join(author, community);
    await join(member, community);
  });

  test('the owner removes a post with a reason; its author reads why and appeals once; others read [removed]', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const post = await createPost(author, community, { title: 'Buy cheap watches' });
    await createComment(member, post, 'This comment stays readable');
    await signInAs(page, owner);
    await page.goto(`/post/${post.id}`);

    await moderate(page, 'remove', 'post');
    const dialog = page.getByTestId('moderate-dialog');
    await expect(dialog.getByRole('heading', { name: 'Remove this post?' })).toBeVisible();
    await dialog.getByTestId('moderate-dialog-confirm').click();
    await expect(dialog.getByTestId('moderate-dialog-reason-error')).toHaveText(
      'Reason is required',
    );
    await dialog.getByTestId('moderate-dialog-reason').fill('  Advertising is not allowed  ');
    await dialog.getByTestId('moderate-dialog-confirm').click();
    await expect(toast(page)).toHaveText('Post removed');
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('post-moderate')).toBeFocused();
    await expect(page.getByTestId('post-removed-notice-text')).toHaveText(
      'Removed by the moderators: Advertising is not allowed',
    );
    await expect(page.getByTestId('post-detail').getByTestId('removed-mark')).toBeVisible();
    // A moderator reads it in full, and may restore it; they do not appeal.
    await expect(page.getByTestId('post-detail-title')).toHaveText('Buy cheap watches');
    await expect(page.getByTestId('appeal-button')).toHaveCount(0);
    await page.getByTestId('post-moderate').click();
    await expect(page.getByTestId('moderate-restore')).toBeVisible();
    await expect(page.getByTestId('moderate-remove')).toHaveCount(0);
    await page.keyboard.press('Escape');

    // The author: the reason, and Appeal (once).
    const authorPage = await pageAs(browser, author);
    await authorPage.goto(`/post/${post.id}`);
    await expect(authorPage.getByTestId('post-removed-notice-text')).toHaveText(
      'Removed by the moderators: Advertising is not allowed',
    );
    await expect(authorPage.getByTestId('post-edit')).toHaveCount(0);
    await expect(authorPage.getByTestId('post-delete')).toBeVisible();
    await authorPage.getByTestId('appeal-button').click();
    const appeal = authorPage.getByTestId('appeal-dialog');
    await appeal.getByTestId('appeal-submit').click();
    await expect(appeal.getByTestId('appeal-text-error')).toHaveText('Appeal text is required');
    await appeal.getByTestId('appeal-text').fill('It is my own shop, and the rules allow it.');
    await appeal.getByTestId('appeal-submit').click();
    await expect(toast(authorPage)).toHaveText('Appeal sent');
    await expect(appeal).toHaveCount(0);
    await expect(authorPage.getByTestId('appeal-sent')).toBeFocused();
    await authorPage.reload();
    await authorPage.getByTestId('appeal-button').click();
    await appeal.getByTestId('appeal-text').fill('Once more.');
    await appeal.getByTestId('appeal-submit').click();
    await expect(appeal.getByTestId('appeal-error')).toHaveText(
      'You have already appealed this decision',
    );
    await appeal.getByTestId('appeal-cancel').click();
    await expect(appeal).toHaveCount(0);
    await authorPage.context().close();

    // Everyone else: '[removed]', no body, no reason, no Report; the comments are still there.
    const memberPage = await pageAs(browser, member);
    await memberPage.goto(`/post/${post.id}`);
    await expect(memberPage.getByTestId('post-detail-title')).toHaveText('[removed]');
    await expect(memberPage.getByTestId('post-removed-placeholder')).toHaveText(
      'This post was removed by the moderators.',
    );
    await expect(memberPage.getByTestId('post-content')).toHaveCount(0);
    await expect(memberPage.getByTestId('post-removed-notice')).toHaveCount(0);
    await expect(memberPage.getByTestId('post-report')).toHaveCount(0);
    await expect(memberPage.getByTestId('post-moderate')).toHaveCount(0);
    await expect(memberPage.getByTestId('comment-content')).toHaveText(
      'This comment stays readable',
    );
    await memberPage.context().close();
  });

  test('a removed comment keeps its place: [removed] for readers, the reason and Appeal for its author', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const post = await createPost(owner, community, { title: 'A thread with a rude comment' });
    await createComment(author, post, 'A rude remark');
    await signInAs(page, owner);
    await page.goto(`/post/${post.id}`);
    const comment = page.getByTestId('comment').first();
    await moderate(page, 'remove', comment);
    const dialog = page.getByTestId('moderate-dialog');
    await expect(dialog.getByRole('heading', { name: 'Remove this comment?' })).toBeVisible();
    await dialog.getByTestId('moderate-dialog-reason').fill('Be civil');
    await dialog.getByTestId('moderate-dialog-confirm').click();
    await expect(toast(page)).toHaveText('Comment removed');
    await expect(comment.getByTestId('comment-removed-notice-text')).toHaveText(
      'Removed by the moderators: Be civil',
    );
    await expect(comment.getByTestId('comment-content')).toHaveText('A rude remark');

    const memberPage = await pageAs(browser, member);
    await memberPage.goto(`/post/${post.id}`);
    const seen = memberPage.getByTestId('comment').first();
    await expect(seen.getByTestId('comment-content')).toHaveText('[removed]');
    await expect(seen.getByTestId('comment-author-hidden')).toHaveText('[removed]');
    await expect(seen.getByTestId('comment-author')).toHaveCount(0);
    await expect(seen.getByTestId('comment-report')).toHaveCount(0);
    await expect(seen.getByTestId('comment-upvote')).toHaveCount(0);
    await memberPage.context().close();

    const authorPage = await pageAs(browser, author);
    await authorPage.goto(`/post/${post.id}`);
    const own = authorPage.getByTestId('comment').first();
    await expect(own.getByTestId('comment-removed-notice-text')).toHaveText(
      'Removed by the moderators: Be civil',
    );
    await expect(own.getByTestId('comment-content')).toHaveText('A rude remark');
    await expect(own.getByTestId('appeal-button')).toBeVisible();
    await expect(own.getByTestId('comment-edit')).toHaveCount(0);
    await authorPage.context().close();

    // Restore (its reason is optional) brings it back for everyone.
    await moderate(page, 'restore', comment);
    await page.getByTestId('moderate-dialog-confirm').click();
    await expect(toast(page)).toHaveText('Comment restored');
    await expect(comment.getByTestId('comment-removed-notice')).toHaveCount(0);
  });

  test('lock: members read "This post is locked" and get no comment box or Reply; moderators still comment', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const post = await createPost(author, community, { title: 'A heated debate' });
    await createComment(member, post, 'One more word');
    await signInAs(page, owner);
    await page.goto(`/post/${post.id}`);
    await moderate(page, 'lock', 'post');
    const dialog = page.getByTestId('moderate-dialog');
    await expect(dialog.getByTestId('moderate-dialog-reason')).toBeVisible();
    await dialog.getByTestId('moderate-dialog-confirm').click(); // the reason is optional
    await expect(toast(page)).toHaveText('Post locked');
    await expect(page.getByTestId('post-detail').getByTestId('lock-mark')).toHaveText('Locked');
    await expect(page.getByTestId('comment-form')).toBeVisible();
    await expect(page.getByTestId('post-locked')).toHaveCount(0);

    const memberPage = await pageAs(browser, member);
    await memberPage.goto(`/post/${post.id}`);
    await expect(memberPage.getByTestId('post-locked')).toHaveText('This post is locked');
    await expect(memberPage.getByTestId('comment-form')).toHaveCount(0);
    await expect(memberPage.getByTestId('comment-content')).toHaveText('One more word');
    await expect(memberPage.getByTestId('comment-reply')).toHaveCount(0);
    await expect(memberPage.getByTestId('post-detail').getByTestId('lock-mark')).toBeVisible();
    // Votes still work on a locked post (§M2).
    await memberPage.getByTestId('post-upvote').click();
    await expect(memberPage.getByTestId('post-score')).toHaveText('1');

    await moderate(page, 'unlock', 'post');
    await page.getByTestId('moderate-dialog-reason').fill('Calmer now');
    await page.getByTestId('moderate-dialog-confirm').click();
    await expect(toast(page)).toHaveText('Post unlocked');
    await memberPage.reload();
    await expect(memberPage.getByTestId('comment-form')).toBeVisible();
    await expect(memberPage.getByTestId('post-locked')).toHaveCount(0);
    await memberPage.context().close();
  });

  test('report a comment through the dialog: Report sent, then the 409 text; none on your own', async ({
    page,
  }) => {
    const post = await createPost(owner, community, { title: 'Reported thread' });
    const bad = await createComment(author, post, 'Click my link for free money');
    await createComment(member, post, 'My own comment');
    await signInAs(page, member);
    await page.goto(`/post/${post.id}`);
    const comment = page.locator(`[data-comment-id="${bad.id}"]`);
    const own = page.getByTestId('comment').filter({ hasText: 'My own comment' });
    await expect(own.getByTestId('comment-report')).toHaveCount(0);

    await comment.getByTestId('comment-report').click();
    const dialog = page.getByTestId('report-dialog');
    await expect(dialog.getByRole('heading', { name: 'Report this comment' })).toBeVisible();
    for (const reason of [
      'Spam',
      'Harassment',
      'Hate',
      'Sexual content in a non-NSFW community',
      'Misinformation',
      'Other',
    ]) {
      await expect(dialog.getByRole('radio', { name: reason, exact: true })).toBeVisible();
    }
    await dialog.getByTestId('report-submit').click();
    await expect(dialog.getByTestId('report-reasons-error')).toHaveText('Choose a reason');
    await dialog.getByRole('radio', { name: 'Other', exact: true }).check();
    await dialog.getByTestId('report-submit').click();
    await expect(dialog.getByTestId('report-other-error')).toHaveText(
      'Please describe the problem',
    );
    await dialog.getByTestId('report-other').fill('A scam link');
    await dialog.getByTestId('report-submit').click();
    await expect(toast(page)).toHaveText('Report sent');
    await expect(dialog).toHaveCount(0);
    await expect(comment.getByTestId('comment-report')).toBeFocused();

    await comment.getByTestId('comment-report').click();
    await dialog.getByRole('radio', { name: 'Spam', exact: true }).check();
    await dialog.getByTestId('report-submit').click();
    await expect(dialog.getByTestId('report-error')).toHaveText('You have already reported this');

    // The moderators' queue got the reason as sent: 'Other: {text}'.
    const queue = await apiOk<{
      reports: Array<{ target_id: string; reasons: string[]; report_count: number }>;
    }>('GET', `/communities/${community.id}/reports?status=open`, { token: owner.token });
    const row = queue.reports.find((r) => r.target_id === bad.id);
    expect(row?.reasons).toEqual(['Other: A scam link']);
    expect(row?.report_count).toBe(1);
  });

  test('ban the author from a comment: a reason and days; banning again shows the server text', async ({
    page,
  }) => {
    const target = await createUser('mbanned');
    await join(target, community);
    const post = await createPost(owner, community, { title: 'Ban from here' });
    await createComment(target, post, 'Trolling');
    await signInAs(page, owner);
    await page.goto(`/post/${post.id}`);
    const comment = page.getByTestId('comment').first();
    await moderate(page, 'ban', comment);
    const dialog = page.getByTestId('moderate-dialog');
    await expect(
      dialog.getByRole('heading', { name: `Ban u/${target.username} from c/${community.name}?` }),
    ).toBeVisible();
    await dialog.getByTestId('moderate-dialog-reason').fill('Trolling again');
    await dialog.getByTestId('moderate-dialog-days').fill('0');
    await dialog.getByTestId('moderate-dialog-confirm').click();
    await expect(dialog.getByTestId('moderate-dialog-days-error')).toHaveText(
      'A ban lasts 1 to 3650 days',
    );
    await dialog.getByTestId('moderate-dialog-days').fill('7');
    await dialog.getByTestId('moderate-dialog-confirm').click();
    await expect(toast(page)).toHaveText('User banned');
    const { bans } = await apiOk<{
      bans: Array<{ username: string; reason: string; expires_at: string | null }>;
    }>('GET', `/communities/${community.id}/bans`, { token: owner.token });
    const ban = bans.find((b) => b.username === target.username);
    expect(ban?.reason).toBe('Trolling again');
    const days = (Date.parse(ban?.expires_at ?? '') - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    await moderate(page, 'ban', comment);
    await dialog.getByTestId('moderate-dialog-reason').fill('Twice');
    await dialog.getByTestId('moderate-dialog-confirm').click();
    await expect(dialog.getByTestId('moderate-dialog-error')).toHaveText(
      'This action is already in effect',
    );
    await expect(dialog).toBeVisible();
  });

  test('pin through the menu: a pin mark on the post page and on its card', async ({ page }) => {
    const own = await createCommunity(owner);
    const post = await createPost(owner, own, { title: 'Welcome, read this first' });
    await createPost(owner, own, { title: 'A newer post' });
    await signInAs(page, owner);
    await page.goto(`/post/${post.id}`);
    await moderate(page, 'pin', 'post');
    await expect(toast(page)).toHaveText('Post pinned');
    await expect(page.getByTestId('moderate-dialog')).toHaveCount(0);
    await expect(page.getByTestId('post-detail').getByTestId('pin-mark')).toHaveText('Pinned');

    await page.goto(`/c/${own.name}`);
    const first = page.getByTestId('post-card').first();
    await expect(first).toHaveAttribute('data-post-id', post.id);
    await expect(first.getByTestId('pin-mark')).toBeVisible();
    await expect(page.getByTestId('pin-mark')).toHaveCount(1);

    await page.goto(`/post/${post.id}`);
    await moderate(page, 'unpin', 'post');
    await expect(toast(page)).toHaveText('Post unpinned');
    await expect(page.getByTestId('pin-mark')).toHaveCount(0);
  });

  test('a refused action shows the server text: pinning a third post', async ({ page }) => {
    const own = await createCommunity(owner);
    for (const title of ['Pinned one', 'Pinned two']) {
      await moderatePost(owner, await createPost(owner, own, { title }), 'pin');
    }
    const third = await createPost(owner, own, { title: 'Third' });
    await signInAs(page, owner);
    await page.goto(`/post/${third.id}`);
    await moderate(page, 'pin', 'post');
    await expect(toast(page)).toHaveText('A community can pin at most 2 posts');
    await expect(page.getByTestId('pin-mark')).toHaveCount(0);
  });

  test('the site admin moderates any community; members get no Moderate menu', async ({
    signedIn,
    browser,
  }) => {
    const post = await createPost(author, community, { title: 'Admin looks at it' });
    await signedIn.goto(`/post/${post.id}`);
    await signedIn.getByTestId('post-moderate').click();
    await expect(signedIn.getByTestId('moderate-pin')).toBeVisible();
    await signedIn.keyboard.press('Escape');

    const memberPage = await pageAs(browser, member);
    await memberPage.goto(`/post/${post.id}`);
    await expect(memberPage.getByTestId('post-report')).toBeVisible();
    await expect(memberPage.getByTestId('post-moderate')).toHaveCount(0);
    await memberPage.context().close();
  });

  test('axe: the post page with the Moderate menu open, the reason dialog and the report dialog', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const post = await createPost(author, community, { title: 'Accessible moderation' });
    await createComment(member, post, 'A comment to moderate');
    await moderatePost(owner, post, 'lock', 'Enough');
    await signInAs(page, owner);
    await page.goto(`/post/${post.id}`);
    await page.getByTestId('post-moderate').click();
    await expect(page.getByTestId('moderate-menu')).toBeVisible();
    await expect(page.getByTestId('moderate-unlock')).toBeVisible();
    await expectAccessible(page);
    await page.getByTestId('moderate-remove').click();
    await expect(page.getByTestId('moderate-dialog')).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('moderate-dialog')).toHaveCount(0);
    await expect(page.getByTestId('post-moderate')).toBeFocused();
    await page.getByTestId('comment').first().getByTestId('comment-moderate').click();
    await expect(page.getByTestId('moderate-menu')).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');

    const memberPage = await pageAs(browser, member);
    await memberPage.goto(`/post/${post.id}`);
    await expect(memberPage.getByTestId('post-locked')).toBeVisible();
    await memberPage.getByTestId('post-report').click();
    await expect(memberPage.getByTestId('report-dialog')).toBeVisible();
    await expectAccessible(memberPage);
    await memberPage.context().close();
  });
});
