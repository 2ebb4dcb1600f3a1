import type { Page } from '@playwright/test';
import { expect, test } from '../../fixtures.js';
import { createCommunity, createPost, join, uid } from '../forum/helpers.js';
import {
  api,
  eventually,
  expectNoSeriousA11yViolations,
  registerUser,
  signInWithTokens,
  type TestUser,
} from './helpers.js';

/**
 * EXTENSIONS §M7: a moderator's action reaches the affected user as a `mod_action` notification
 * (title names the action, content carries the reason) and a click opens the item, or for a ban
 * the community's public log. The actions are made through the API, as a moderator would.
 */

interface NotificationJson {
  id: string;
  type: string;
  title: string;
  content: string;
  related_id: string | null;
  post_id: string | null;
}

/** Waits for messaging to turn forum's event into the user's notification. */
async function modActionFor(
  user: TestUser,
  match: (n: NotificationJson) => boolean,
): Promise<NotificationJson> {
  return eventually(async () => {
    const res = await api<{ notifications: NotificationJson[] }>(
      'GET',
      '/notifications?page=1&limit=50',
      undefined,
      user.token,
    );
    expect(res.status).toBe(200);
    const found = res.json.notifications.find((n) => n.type === 'mod_action' && match(n));
    if (!found) throw new Error('no such mod_action notification yet');
    return found;
  }, 30_000);
}

async function moderate(token: string, path: string, body: unknown): Promise<void> {
  const res = await api('POST', path, body, token);
  expect(res.status, `${path}: ${JSON.stringify(res.json)}`).toBeLessThan(300);
}

/** Opens the dropdown and clicks one notification, after checking what it says. */
async function clickNotification(page: Page, n: NotificationJson, title: string, reason: string) {
  await page.getByTestId('notifications-bell').click();
  const item = page
    .getByTestId('notifications-dropdown')
    .locator(`[data-notification-id="${n.id}"]`);
  await expect(item).toHaveAttribute('data-notification-type', 'mod_action');
  await expect(item.getByTestId('notification-title')).toContainText(title);
  await expect(item.getByTestId('notification-content')).toContainText(`Reason: ${reason}`);
  await item.click();
  await expect(page.getByTestId('notifications-dropdown')).toHaveCount(0);
}

test.describe('moderation notifications', () => {
  test('a removed post and a removed comment: the reason shows, a click opens the item', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const [owner, author] = await Promise.all([registerUser('modown'), registerUser('modauth')]);
    const community = await createCommunity(owner);
    await join(author, community);
    const post = await createPost(author, community, { title: `Off topic ${uid()}` });
    const comment = await eventually(async () => {
      const res = await api<{ comment: { id: string } }>(
        'POST',
        '/comments',
        { content: 'A comment that breaks the rules', post_id: post.id },
        author.token,
      );
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      return res.json.comment;
    });
    const postReason = `Not about this community ${uid()}`;
    const commentReason = `Personal attack ${uid()}`;
    await moderate(owner.token, `/comments/${comment.id}/remove`, { reason: commentReason });
    await moderate(owner.token, `/posts/${post.id}/remove`, { reason: postReason });

    const onPost = await modActionFor(author, (n) => n.content.includes(postReason));
    expect(onPost).toMatchObject({ post_id: post.id, related_id: post.id });
    const onComment = await modActionFor(author, (n) => n.content.includes(commentReason));
    expect(onComment).toMatchObject({ post_id: post.id, related_id: comment.id });

    await signInWithTokens(page, author);
    await page.goto('/terms');
    await page.getByTestId('notifications-bell').click();
    await expect(
      page.locator(`[data-notification-id="${onPost.id}"]`).getByTestId('notification-content'),
    ).toContainText(postReason);
    await expectNoSeriousA11yViolations(page, 'notifications with moderation actions');
    await page.keyboard.press('Escape');

    await clickNotification(
      page,
      onPost,
      `Your post was removed from c/${community.name}`,
      postReason,
    );
    await expect(page).toHaveURL(new RegExp(`/post/${post.id}$`));
    // The author still reads their removed post.
    await expect(page.getByTestId('post-detail-title')).toHaveText(post.title);

    await clickNotification(
      page,
      onComment,
      `Your comment was removed from c/${community.name}`,
      commentReason,
    );
    await expect(page).toHaveURL(new RegExp(`/post/${post.id}#comment-${comment.id}$`));
  });

  test('a ban opens the community’s moderation log', async ({ page }) => {
    const [owner, member] = await Promise.all([registerUser('banown'), registerUser('banned')]);
    const community = await createCommunity(owner);
    await join(member, community);
    const reason = `Spamming links ${uid()}`;
    await moderate(owner.token, `/communities/${community.id}/bans`, {
      username: member.username,
      reason,
      days: 7,
    });
    const ban = await modActionFor(member, (n) => n.content.includes(reason));
    expect(ban).toMatchObject({ post_id: null, related_id: community.name });

    await signInWithTokens(page, member);
    await page.goto('/terms');
    await clickNotification(page, ban, `You were banned from c/${community.name}`, reason);
    // The log page belongs to mf-forum: this spec proves where the click leads.
    await expect(page).toHaveURL(new RegExp(`/c/${community.name}/modlog$`));
  });
});
