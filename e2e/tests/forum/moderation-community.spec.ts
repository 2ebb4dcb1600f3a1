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
import {
  addModerator,
  appeal,
  ban,
  modlog,
  pageAs,
  moderatePost,
  reportComment,
  reportPost,
} from './moderation-helpers.js';

/**
 * EXTENSIONS §M8's community screens against the whole stack: the Moderators box and the ban
 * banner on the community page, /c/{name}/moderation (Reports, Appeals, Bans, Moderators) and the
 * public log at /c/{name}/modlog. Data through the API; each story makes its own community.
 */

// Several users, pages and dialogs per story on a shared machine: generous, no sleeps.
test.describe.configure({ timeout: 180_000 });

/** A date as the screens write it ("January 5, 2026"), in the browser's time zone (the same). */
const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

test('a removal, an appointment and an overturned appeal: the public log shows the three', async ({
  page,
  browser,
}) => {
  const owner = await createUser('mowner');
  const author = await createUser('mauthor');
  const second = await createUser('msecond');
  const community = await createCommunity(owner);
  await join(author, community);
  await join(second, community);
  const post = await createPost(author, community, { title: 'A post the owner removes' });
  await moderatePost(owner, post, 'remove', 'Off-topic for this community');

  // The owner appoints a second moderator from the Moderators tab.
  await signInAs(page, owner);
  await page.goto(`/c/${community.name}/moderation?tab=moderators`);
  await expect(page.getByTestId('moderation-tab-moderators')).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.getByTestId('team-add-username').fill(second.username);
  await page.getByTestId('team-add-submit').click();
  await expect(page.getByTestId('team-added')).toHaveText(
    `u/${second.username} is now a moderator`,
  );
  const team = page.getByTestId('team-member');
  await expect(team.getByTestId('team-member-name')).toHaveText([
    `u/${owner.username}`,
    `u/${second.username}`,
  ]);
  await expect(team.getByTestId('moderator-role')).toHaveText(['Owner', 'Moderator']);

  // The author appeals the removal (its log entry names the decision).
  const [removal] = await modlog(community, 'remove_post');
  await appeal(author, removal!.id, 'It was on topic: see the rules.');

  // The second moderator overturns it from the Appeals tab.
  const secondPage = await pageAs(browser, second);
  await secondPage.goto(`/c/${community.name}/moderation`);
  await secondPage.getByTestId('moderation-tab-appeals').click();
  await expect(secondPage).toHaveURL(/[?&]tab=appeals/);
  const row = secondPage.getByTestId('appeal-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('appeal-action')).toHaveText('Removed post');
  await expect(row.getByTestId('appeal-target')).toHaveText(post.title);
  await expect(row.getByTestId('appeal-appellant')).toHaveText(`u/${author.username}`);
  await expect(row.getByTestId('appeal-moderator')).toHaveText(`u/${owner.username}`);
  await expect(row.getByTestId('appeal-action-reason')).toHaveText('Off-topic for this community');
  await expect(row.getByTestId('appeal-text')).toHaveText('It was on topic: see the rules.');
  await row.getByTestId('appeal-overturn').click();
  const dialog = secondPage.getByTestId('decide-dialog');
  await dialog.getByTestId('decide-dialog-confirm').click();
  await expect(dialog.getByTestId('decide-dialog-reason-error')).toHaveText('Reason is required');
  await dialog.getByTestId('decide-dialog-reason').fill('Fits the rules after all');
  await dialog.getByTestId('decide-dialog-confirm').click();
  await expect(dialog).toHaveCount(0);
  await expect(secondPage.getByTestId('appeals-empty')).toHaveText('No open appeals.');
  await secondPage.getByTestId('status-closed').click();
  await expect(secondPage.getByTestId('appeal-outcome')).toContainText(
    `Overturned by u/${second.username}: Fits the rules after all`,
  );
  await secondPage.context().close();

  // A visitor reads the public log: exactly those three entries, newest first, with names.
  const visitor = await pageAs(browser, null);
  await visitor.goto(`/c/${community.name}`);
  await expect(visitor.getByTestId('post-title')).toHaveText([post.title]);
  await visitor.getByTestId('modlog-link').click();
  await expect(visitor).toHaveURL(new RegExp(`/c/${community.name}/modlog$`));
  const entries = visitor.getByTestId('modlog-entry');
  await expect(entries).toHaveCount(3);
  await expect(entries.getByTestId('modlog-action')).toHaveText([
    'Overturned on appeal',
    'Added moderator',
    'Removed post',
  ]);
  await expect(entries.getByTestId('modlog-moderator')).toHaveText([
    `u/${second.username}`,
    `u/${owner.username}`,
    `u/${owner.username}`,
  ]);
  await expect(entries.nth(0).getByTestId('modlog-reason')).toHaveText('Fits the rules after all');
  await expect(entries.nth(1).getByTestId('modlog-target')).toHaveText(`u/${second.username}`);
  await expect(entries.nth(2).getByTestId('modlog-reason')).toHaveText(
    'Off-topic for this community',
  );
  await expect(entries.nth(2).getByTestId('modlog-target')).toHaveAttribute(
    'href',
    `/post/${post.id}`,
  );

  // The action filter narrows the list and stays in the URL.
  await visitor.getByTestId('modlog-filter').selectOption('remove_post');
  await expect(visitor).toHaveURL(/[?&]action=remove_post/);
  await expect(entries).toHaveCount(1);
  await visitor.reload();
  await expect(visitor.getByTestId('modlog-filter')).toHaveValue('remove_post');
  await expect(entries.getByTestId('modlog-action')).toHaveText(['Removed post']);
  await visitor.getByTestId('modlog-filter').selectOption('ban_user');
  await expect(visitor.getByTestId('modlog-empty')).toHaveText('No moderation actions yet.');

  // The site-wide log has the community's entries too, each naming its community.
  await visitor.goto(`/modlog?action=appeal_overturned`);
  const siteEntry = visitor
    .getByTestId('modlog-entry')
    .filter({ has: visitor.getByRole('link', { name: `c/${community.name}` }) });
  await expect(siteEntry).toHaveCount(1);
  await expect(siteEntry.getByTestId('modlog-moderator')).toHaveText(`u/${second.username}`);
  await visitor.context().close();
});

test('a member reports a comment; a moderator removes it from the Reports tab', async ({
  page,
}) => {
  const owner = await createUser('rowner');
  const member = await createUser('rmember');
  const commenter = await createUser('rcomment');
  const community = await createCommunity(owner);
  await join(member, community);
  await join(commenter, community);
  const post = await createPost(owner, community, { title: 'Weekly discussion thread' });
  const comment = await createComment(commenter, post, 'You are all idiots');
  await reportComment(member, comment.id, 'Harassment: insults other members');

  await signInAs(page, owner);
  await page.goto(`/c/${community.name}`);
  await page.getByTestId('moderation-link').click();
  await expect(page.getByTestId('moderation-tab-reports')).toHaveAttribute('aria-selected', 'true');
  const row = page.getByTestId('report-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('report-type')).toHaveText('Comment');
  await expect(row.getByTestId('report-target')).toHaveText(`Comment on “${post.title}”`);
  await expect(row.getByTestId('report-excerpt')).toHaveText('You are all idiots');
  await expect(row.getByTestId('report-author')).toHaveText(`u/${commenter.username}`);
  await expect(row.getByTestId('report-count')).toHaveText('1 report');
  await expect(row.getByTestId('report-reasons')).toHaveText('Harassment: insults other members');

  await row.getByTestId('report-remove').click();
  const dialog = page.getByTestId('remove-dialog');
  await dialog.getByTestId('remove-dialog-reason').fill('Personal attacks are not allowed');
  await dialog.getByTestId('remove-dialog-confirm').click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('report-row')).toHaveCount(0);
  await expect(page.getByTestId('reports-empty')).toHaveText('No open reports.');
  // Still no open row after asking the server again.
  await page.reload();
  await expect(page.getByTestId('reports-empty')).toHaveText('No open reports.');
  await page.getByTestId('status-closed').click();
  await expect(page.getByTestId('report-row')).toHaveCount(1);
  await expect(page.getByTestId('report-remove')).toHaveCount(0);
  await expect(page.getByTestId('report-resolution')).toHaveText(`Removed by u/${owner.username}`);
  // The row links the comment where it is read.
  await page.getByTestId('report-target').click();
  await expect(page).toHaveURL(new RegExp(`/post/${post.id}#comment-${comment.id}$`));

  const [entry] = await modlog(community, 'remove_comment');
  expect(entry).toMatchObject({
    moderator_username: owner.username,
    reason: 'Personal attacks are not allowed',
  });

  // The log links the comment: the link opens its post at the comment.
  await page.goto(`/c/${community.name}/modlog`);
  await page.getByTestId('modlog-target').first().click();
  await expect(page).toHaveURL(new RegExp(`/post/${post.id}#comment-${comment.id}$`));
});

test('a banned user sees the banner with its end and no Create Post, and may appeal', async ({
  page,
}) => {
  const owner = await createUser('bowner');
  const banned = await createUser('bbanned');
  const community = await createCommunity(owner);
  await join(banned, community);
  await createPost(owner, community, { title: 'Welcome post' });
  await ban(owner, community, banned, 'Repeated spam links', 7);
  const { bans } = await apiOk<{ bans: Array<{ expires_at: string }> }>(
    'GET',
    `/communities/${community.id}/bans`,
    { token: owner.token },
  );

  await signInAs(page, banned);
  await page.goto(`/c/${community.name}`);
  const banner = page.getByTestId('banned-banner');
  await expect(banner.getByRole('heading')).toHaveText('You are banned from this community');
  await expect(banner.getByTestId('banned-until')).toHaveText(longDate(bans[0]!.expires_at));
  await expect(banner.getByTestId('banned-reason')).toHaveText('Repeated spam links');
  await expect(page.getByTestId('post-title')).toHaveText(['Welcome post']);
  await expect(page.getByTestId('create-post-link')).toHaveCount(0);
  await expect(page.getByTestId('moderation-link')).toHaveCount(0);

  await banner.getByTestId('appeal-ban').click();
  const dialog = page.getByTestId('appeal-dialog');
  await dialog.getByTestId('appeal-submit').click();
  await expect(dialog.getByTestId('appeal-text-error')).toHaveText('Appeal text is required');
  await dialog.getByTestId('appeal-text').fill('I posted each link once, by mistake.');
  await dialog.getByTestId('appeal-submit').click();
  await expect(banner.getByTestId('appeal-sent')).toHaveText(
    'Your appeal was sent to the moderators.',
  );
  // A second appeal of the same ban: the server's refusal, in the dialog.
  await page.reload();
  await page.getByTestId('appeal-ban').click();
  await page.getByTestId('appeal-text').fill('Again');
  await page.getByTestId('appeal-submit').click();
  await expect(page.getByTestId('appeal-error')).toHaveText(
    'You have already appealed this decision',
  );
  await page.keyboard.press('Escape');

  // A permanent ban says so.
  await apiOk('DELETE', `/communities/${community.id}/bans/${banned.id}`, { token: owner.token });
  await ban(owner, community, banned, 'Back to spamming');
  await page.reload();
  await expect(page.getByTestId('banned-until')).toHaveText('permanent');
  await expect(page.getByTestId('banned-reason')).toHaveText('Back to spamming');
  await expect(page.getByTestId('create-post-link')).toHaveCount(0);
});

test('the Moderators box, the tools for the team only, and handing over ownership', async ({
  page,
  browser,
}) => {
  const owner = await createUser('towner');
  const mod = await createUser('tmod');
  const member = await createUser('tmember');
  const community = await createCommunity(owner);
  await join(mod, community);
  await join(member, community);
  await addModerator(owner, community, mod);

  // Everyone sees the team, owner first; only the team gets the tools' link.
  const visitor = await pageAs(browser, null);
  await visitor.goto(`/c/${community.name}`);
  const box = visitor.getByTestId('moderators-box');
  await expect(box.getByTestId('moderator-name')).toHaveText([
    `u/${owner.username}`,
    `u/${mod.username}`,
  ]);
  await expect(box.getByTestId('moderator-role')).toHaveText(['Owner', 'Moderator']);
  await expect(box.getByTestId('moderator-name').first()).toHaveAttribute(
    'href',
    `/u/${owner.username}`,
  );
  await expect(box.getByTestId('modlog-link')).toHaveAttribute(
    'href',
    `/c/${community.name}/modlog`,
  );
  await expect(box.getByTestId('moderation-link')).toHaveCount(0);
  await visitor.context().close();

  const memberPage = await pageAs(browser, member);
  await memberPage.goto(`/c/${community.name}/moderation`);
  await expect(memberPage.getByTestId('moderation-forbidden')).toContainText(
    'You do not have permission to moderate this community',
  );
  await memberPage.context().close();

  // The owner hands the community over to the moderator (with a confirmation).
  await signInAs(page, owner);
  await page.goto(`/c/${community.name}/moderation?tab=moderators`);
  const modRow = page.getByTestId('team-member').filter({ hasText: `u/${mod.username}` });
  await modRow.getByTestId('team-make-owner').click();
  const dialog = page.getByTestId('transfer-dialog');
  await expect(dialog).toContainText(`u/${mod.username} becomes the owner of this community`);
  await dialog.getByTestId('transfer-dialog-confirm').click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('team-member-name')).toHaveText([
    `u/${mod.username}`,
    `u/${owner.username}`,
  ]);
  await expect(page.getByTestId('moderator-role')).toHaveText(['Owner', 'Moderator']);
  // No longer the owner: the add form and the hand-over are gone; stepping down is offered.
  await expect(page.getByTestId('team-add-username')).toHaveCount(0);
  await expect(page.getByTestId('team-make-owner')).toHaveCount(0);
  await expect(page.getByTestId('team-step-down')).toHaveCount(1);

  // Settings follow the seat, not created_by.
  await page.goto(`/c/${community.name}/settings`);
  await expect(page.getByTestId('settings-forbidden')).toBeVisible();
  const newOwner = await pageAs(browser, mod);
  await newOwner.goto(`/c/${community.name}`);
  await newOwner.getByTestId('settings-link').click();
  await expect(newOwner.getByTestId('settings-info')).toBeVisible();
  await newOwner.context().close();

  // The former owner steps down and leaves the tools.
  await page.goto(`/c/${community.name}/moderation?tab=moderators`);
  await page.getByTestId('team-step-down').click();
  await page.getByTestId('step-down-dialog-confirm').click();
  await expect(page).toHaveURL(new RegExp(`/c/${community.name}$`));
  await expect(page.getByTestId('moderator-name')).toHaveText([`u/${mod.username}`]);
  await expect(page.getByTestId('moderation-link')).toHaveCount(0);
});

test('axe: every moderation tab, the ban dialog and the public log', async ({ page }) => {
  const owner = await createUser('aowner');
  const member = await createUser('amember');
  const other = await createUser('aother');
  const community = await createCommunity(owner);
  await join(member, community);
  await join(other, community);
  const post = await createPost(member, community, { title: 'A post someone reported' });
  await reportPost(other, post, 'Spam');
  await ban(owner, community, member, 'Spam in every thread', 30);
  const [banEntry] = await modlog(community, 'ban_user');
  await appeal(member, banEntry!.id, 'I will stop.');

  await signInAs(page, owner);
  await page.goto(`/c/${community.name}/moderation`);
  await expect(page.getByTestId('report-row')).toHaveCount(1);
  await expectAccessible(page);

  // The tabs follow the arrow keys (one tab stop).
  await page.getByTestId('moderation-tab-reports').focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('moderation-tab-appeals')).toBeFocused();
  await expect(page.getByTestId('moderation-tab-appeals')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('appeal-row')).toHaveCount(1);
  await expect(page.getByTestId('appeal-target')).toHaveText(`u/${member.username}`);
  await expectAccessible(page);

  await page.getByTestId('moderation-tab-bans').click();
  await expect(page.getByTestId('ban-row')).toHaveCount(1);
  await expectAccessible(page);

  // Ban a user from the dialog (username, reason, days), then lift it.
  await page.getByTestId('ban-open').click();
  const dialog = page.getByTestId('ban-dialog');
  await expect(dialog.getByTestId('ban-dialog-username')).toBeFocused();
  await expectAccessible(page);
  await dialog.getByTestId('ban-dialog-username').fill(other.username);
  await dialog.getByTestId('ban-dialog-reason').fill('Trolling');
  await dialog.getByTestId('ban-dialog-days').fill('3');
  await dialog.getByTestId('ban-dialog-confirm').click();
  await expect(dialog).toHaveCount(0);
  const otherRow = page.getByTestId('ban-row').filter({ hasText: `u/${other.username}` });
  await expect(otherRow.getByTestId('ban-reason')).toHaveText('Trolling');
  await expect(otherRow.getByTestId('ban-moderator')).toHaveText(`u/${owner.username}`);
  await otherRow.getByTestId('ban-unban').click();
  await expect(page.getByTestId('ban-row')).toHaveCount(1);

  await page.getByTestId('moderation-tab-moderators').click();
  await expect(page.getByTestId('team-member')).toHaveCount(1);
  await expectAccessible(page);

  await page.goto(`/c/${community.name}/modlog`);
  await expect(page.getByTestId('modlog-entry')).toHaveCount(3);
  await expectAccessible(page);
});
