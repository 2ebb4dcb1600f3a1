import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../../fixtures.js';
import {
  createComment,
  createCommunity,
  createPost,
  createUser,
  join,
  type TestUser,
} from '../forum/helpers.js';
import { startConversation } from '../inbox/helpers.js';
import { adminSession, api, expectAccessible, ok, openAdmin, uid } from './helpers.js';

/**
 * EXTENSIONS §M3, §M5, §M8 on the admin dashboard: deactivation asks for a reason and becomes a
 * public site_ban; the Reports tab is the site-wide queue (posts, comments and messages) with
 * Dismiss and Remove. Data is made through the API; the public log is read as a visitor.
 */

type Json = Record<string, unknown>;
type ModlogEntry = {
  action: string;
  target_type: string;
  target_id: string | null;
  target_username: string | null;
  moderator_username: string;
  community_id: string | null;
  reason: string | null;
};

/** The public site-wide log's newest entries of `action` (no token: what a visitor reads). */
async function publicLog(page: Page, action: string): Promise<ModlogEntry[]> {
  const res = await page.request.get(`/api/modlog?action=${action}&limit=100`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { entries: ModlogEntry[] }).entries;
}

const report = (user: TestUser, path: string, reason: string) =>
  ok('POST', path, { token: user.token, body: { reason } });

/**
 * The row of a reported item in the shown queue, paging on when another spec left older open
 * reports in front of it.
 */
async function findReportRow(page: Page, targetId: string): Promise<Locator> {
  const table = page.getByTestId('reports-table');
  const row = table.locator(`[data-testid="report-row"][data-target-id="${targetId}"]`);
  const current = page.getByTestId('reports-pager').locator('[aria-current="page"]');
  for (let shown = 1; ; shown++) {
    // The page asked for is the one shown, and loaded.
    if (shown > 1) await expect(current).toHaveText(String(shown));
    await expect(table).toHaveAttribute('aria-busy', 'false');
    await expect(
      table.getByTestId('report-row').or(table.getByTestId('reports-empty')),
    ).not.toHaveCount(0);
    if ((await row.count()) > 0) return row;
    const next = page.getByTestId('reports-pager').getByTestId('pager-next');
    if ((await next.count()) === 0 || (await next.isDisabled())) {
      throw new Error(`no report row for ${targetId} in the queue`);
    }
    await next.click();
  }
}

async function openReports(page: Page): Promise<void> {
  await openAdmin(page, '?tab=reports');
  await expect(page.getByRole('tabpanel', { name: 'Reports' })).toBeVisible();
  await expect(page.getByTestId('reports-total')).toHaveText(/\d+ reported items?/);
}

test.describe('admin dashboard: site bans and the report queue', () => {
  // Each test registers its users (bcrypt) and waits for events between services: generous
  // budgets for a loaded machine; every wait below is on a condition.
  test.describe.configure({ timeout: 180_000 });

  test('deactivating asks for a reason; the public log shows the site_ban with it', async ({
    page,
  }) => {
    const user = await createUser('sb');
    await openAdmin(page, '?tab=users');
    await page.getByLabel('Search users').fill(user.username);
    const row = page.locator(`[data-testid="user-row"][data-username="${user.username}"]`);
    await row.getByRole('button', { name: `Deactivate ${user.username}` }).click();

    const dialog = page.getByRole('dialog', { name: `Deactivate ${user.username}?` });
    const reason = dialog.getByRole('textbox', { name: 'Reason' });
    await expect(reason).toBeFocused();
    // The spec's texts, before anything is sent.
    await dialog.getByRole('button', { name: 'Deactivate' }).click();
    await expect(dialog.getByTestId('reason-input-error')).toHaveText('Reason is required');
    await expect(reason).toHaveAttribute('aria-invalid', 'true');
    await expect(reason).toBeFocused();
    await expectAccessible(page);
    await reason.fill('x'.repeat(501));
    await dialog.getByRole('button', { name: 'Deactivate' }).click();
    await expect(dialog.getByTestId('reason-input-error')).toHaveText(
      'Reason must be at most 500 characters',
    );
    await expect(row.getByTestId('user-active')).toHaveText('Active');

    const text = `Spam in every community ${uid()}`;
    await reason.fill(`  ${text}  `);
    await dialog.getByRole('button', { name: 'Deactivate' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row.getByTestId('user-active')).toHaveText('Inactive');
    await expect(page.getByTestId('users-status')).toHaveText(`${user.username} was deactivated.`);
    await expect(row.getByRole('button', { name: `Reactivate ${user.username}` })).toBeFocused();

    const about = (entries: ModlogEntry[]) =>
      entries.filter((e) => e.target_username === user.username);
    await expect
      .poll(async () => about(await publicLog(page, 'site_ban')), { timeout: 30_000 })
      .toEqual([
        expect.objectContaining({
          action: 'site_ban',
          reason: text,
          moderator_username: 'admin',
          target_type: 'user',
          target_id: user.id,
          community_id: null,
        }),
      ]);

    // Reactivating needs no reason, and is logged too.
    await row.getByRole('button', { name: `Reactivate ${user.username}` }).click();
    const again = page.getByRole('dialog', { name: `Reactivate ${user.username}?` });
    await expect(again.getByRole('textbox')).toHaveCount(0);
    await again.getByRole('button', { name: 'Reactivate' }).click();
    await expect(row.getByTestId('user-active')).toHaveText('Active');
    await expect
      .poll(async () => about(await publicLog(page, 'site_unban')), { timeout: 30_000 })
      .toEqual([expect.objectContaining({ action: 'site_unban', reason: null })]);
    // Still one site_ban: the reactivation did not add another.
    expect(about(await publicLog(page, 'site_ban'))).toHaveLength(1);
  });

  test('the Reports tab lists a reported post with reasons and reporters; Remove closes it', async ({
    page,
  }) => {
    const [owner, author, first, second] = await Promise.all(
      ['own', 'auth', 'rep', 'rep'].map((prefix) => createUser(prefix)),
    );
    const community = await createCommunity(owner!);
    await join(author!, community);
    const post = await createPost(author!, community, {
      title: `Cheap pills ${uid()}`,
      content: 'Visit my shop for the best prices.',
    });
    await report(first!, `/posts/${post.id}/report`, 'Spam');
    await report(second!, `/posts/${post.id}/report`, 'Harassment');

    await openReports(page);
    const row = await findReportRow(page, post.id);
    await expect(row.getByTestId('report-type')).toHaveText('Post');
    const link = row.getByTestId('report-link');
    await expect(link).toHaveText(post.title);
    await expect(link).toHaveAttribute('href', `/post/${post.id}`);
    await expect(row.getByTestId('report-context')).toHaveText(
      'Visit my shop for the best prices.',
    );
    await expect(row.getByTestId('report-author')).toHaveText(`u/${author!.username}`);
    await expect(row.getByTestId('report-count')).toHaveText('2');
    await expect(row.getByTestId('report-reasons').getByRole('listitem')).toHaveText([
      'Spam',
      'Harassment',
    ]);
    // The admin sees who reported (moderators do not).
    await expect(row.getByTestId('report-reporters').getByRole('listitem')).toHaveText([
      `u/${first!.username}`,
      `u/${second!.username}`,
    ]);
    await expect(row.getByTestId('report-date')).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    await expectAccessible(page);

    const name = `post “${post.title}”`;
    await row.getByRole('button', { name: `Remove ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Remove ${name}?` });
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(dialog.getByTestId('reason-input-error')).toHaveText('Reason is required');
    await expectAccessible(page);
    const reason = `Advertising is not allowed ${uid()}`;
    await dialog.getByRole('textbox', { name: 'Reason' }).fill(reason);
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row).toHaveCount(0);
    await expect(page.getByTestId('reports-status')).toHaveText('The post was removed.');
    // The row's buttons are gone: focus waits on the table, not on the page body.
    await expect(page.getByRole('region', { name: 'Reports table' })).toBeFocused();

    // A real removal with its public log entry.
    const admin = await adminSession();
    const read = await ok<{ post: Json }>('GET', `/posts/${post.id}`, { token: admin.token });
    expect(read.post).toMatchObject({ removed: true, removal_reason: reason });
    const removals = await publicLog(page, 'remove_post');
    expect(removals.filter((e) => e.target_id === post.id)).toEqual([
      expect.objectContaining({ reason, moderator_username: 'admin' }),
    ]);

    // The closed queue keeps it, without actions.
    await page.getByLabel('Show').selectOption('closed');
    const closed = await findReportRow(page, post.id);
    await expect(closed.getByTestId('report-closed')).toHaveText('Removed by u/admin');
    await expect(closed.getByRole('button')).toHaveCount(0);
    await expectAccessible(page);
  });

  test('comments link to their post, messages stay private; Dismiss closes without removing', async ({
    page,
  }) => {
    const [owner, author, reporter] = await Promise.all(
      ['own', 'auth', 'rep'].map((prefix) => createUser(prefix)),
    );
    const community = await createCommunity(owner!);
    await join(author!, community);
    const post = await createPost(author!, community, { title: `A calm post ${uid()}` });
    const comment = await createComment(author!, post, 'You are all idiots');
    await report(reporter!, `/comments/${comment.id}/report`, 'Harassment');
    // A private message reaches the admin's queue through messaging's event.
    const conversation = await startConversation(
      author!,
      reporter!,
      'Deal',
      `Wire me the money ${uid()}`,
    );
    await report(reporter!, `/messages/messages/${conversation.messageId}/report`, 'Scam');
    const admin = await adminSession();
    await expect
      .poll(
        async () => {
          const res = await api<{ reports: Array<{ target_id: string }> }>(
            'GET',
            '/admin/reports?status=open&limit=100',
            { token: admin.token },
          );
          return res.json.reports?.some((r) => r.target_id === conversation.messageId);
        },
        { timeout: 30_000 },
      )
      .toBe(true);

    await openReports(page);
    const commentRow = await findReportRow(page, comment.id);
    await expect(commentRow.getByTestId('report-type')).toHaveText('Comment');
    // The comment's post is looked up for the link.
    const link = commentRow.getByTestId('report-link');
    await expect(link).toHaveText('You are all idiots');
    await expect(link).toHaveAttribute('href', `/post/${post.id}#comment-${comment.id}`);
    await expect(commentRow.getByTestId('report-context')).toHaveText(`on “${post.title}”`);

    const messageRow = await findReportRow(page, conversation.messageId);
    await expect(messageRow.getByTestId('report-type')).toHaveText('Message');
    await expect(messageRow.getByTestId('report-link')).toHaveCount(0);
    await expect(messageRow.getByTestId('report-item')).toContainText('Wire me the money');
    await expect(messageRow.getByTestId('report-context')).toHaveText('Private message');
    await expect(messageRow.getByTestId('report-reporters')).toHaveText(`u/${reporter!.username}`);
    await expectAccessible(page);

    await commentRow.getByRole('button', { name: 'Dismiss comment “You are all idiots”' }).click();
    await expect(commentRow).toHaveCount(0);
    await expect(page.getByTestId('reports-status')).toHaveText('The reports were dismissed.');
    const kept = await ok<{ comment: Json }>('GET', `/comments/${comment.id}`, {
      token: admin.token,
    });
    expect(kept.comment).toMatchObject({ removed: false, content: 'You are all idiots' });

    await messageRow.getByRole('button', { name: /^Remove message/ }).click();
    const dialog = page.getByRole('dialog', { name: /^Remove message/ });
    await expect(dialog).toContainText('It is hidden in its conversation');
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Scams are not allowed');
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(messageRow).toHaveCount(0);
    await expect(page.getByTestId('reports-status')).toHaveText('The message was removed.');
  });
});
