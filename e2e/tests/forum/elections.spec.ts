import type { Page } from '@playwright/test';
import { expect, test } from '../../fixtures.js';
import {
  createCommunity,
  createPost,
  createUser,
  expectAccessible,
  join,
  signInAs,
} from './helpers.js';
import { pageAs } from './moderation-helpers.js';
import {
  ballotAnswer,
  castBallot,
  closeVotingIn,
  endNominations,
  endVoting,
  getElection,
  nominate,
  startElection,
} from './election-helpers.js';

/**
 * EXTENSIONS §E's screens against the whole stack: /c/{name}/elections, /c/{name}/elections/{id}
 * and the community page's banner. The stack runs with the default minimum phase (a day): the
 * clock is moved in the forum's database (scripts/lib/election-clock.ts) and svc-forum's sweep
 * tallies within a second or two, which the tests wait for by polling, never by sleeping.
 */

// Several users, pages and a tally per story on a shared machine: generous, no sleeps.
test.describe.configure({ timeout: 240_000 });

/** The community page's question for its banner (asked once its posts are shown). */
const bannerAsked = (page: Page) =>
  page.waitForResponse((r) =>
    /\/api\/communities\/[0-9a-f]{24}\/elections\?limit=1\b/.test(r.url()),
  );

const STATEMENT = 'I will keep the spam out.\n  Two rules:\n\n- be kind\n- stay on topic';

test('an owner starts an election, members stand and vote, the winner joins the moderators', async ({
  page,
  browser,
}) => {
  const owner = await createUser('eowner');
  const alice = await createUser('ealice');
  const bob = await createUser('ebob');
  const carol = await createUser('ecarol');
  const dave = await createUser('edave');
  const community = await createCommunity(owner);
  for (const member of [alice, bob, carol, dave]) await join(member, community);

  // The owner starts the election from the form (the stack's minimum phase is a day).
  await signInAs(page, owner);
  await page.goto(`/c/${community.name}`);
  await page.getByTestId('elections-link').click();
  await expect(page).toHaveURL(new RegExp(`/c/${community.name}/elections$`));
  await expect(page.getByTestId('elections-empty')).toHaveText('No elections yet.');
  await page.getByTestId('start-election-open').click();
  const dialog = page.getByTestId('start-election');
  await dialog.getByTestId('start-election-seats').fill('6');
  await dialog.getByTestId('start-election-term').fill('20');
  await dialog.getByTestId('start-election-confirm').click();
  await expect(dialog.getByTestId('start-election-seats-error')).toHaveText(
    'Seats must be a whole number from 1 to 5',
  );
  await expect(dialog.getByTestId('start-election-term-error')).toHaveText(
    'A term lasts 30 to 730 days',
  );
  await dialog.getByTestId('start-election-seats').fill('1');
  await dialog.getByTestId('start-election-nomination').fill('24');
  await dialog.getByTestId('start-election-nomination-unit').selectOption('hours');
  await dialog.getByTestId('start-election-voting').fill('1');
  await dialog.getByTestId('start-election-voting-unit').selectOption('days');
  await dialog.getByTestId('start-election-term').fill('90');
  await expectAccessible(page);
  await dialog.getByTestId('start-election-confirm').click();
  await expect(page).toHaveURL(new RegExp(`/c/${community.name}/elections/[0-9a-f]{24}$`));
  const electionId = page.url().split('/').pop()!;
  await expect(page.getByTestId('election-phase')).toHaveText('Nominations open');
  await expect(page.getByTestId('election-deadline')).toHaveText(
    /^Nominations close in (23 h 5\d min|1 d)$/,
  );
  await expect(page.getByTestId('election-seats')).toHaveText('1');
  await expect(page.getByTestId('election-term')).toHaveText('90 days');
  await expect(page.getByTestId('candidates-empty')).toHaveText('No candidates yet.');

  // One open election at a time: the form shows the server's 409.
  await page.getByTestId('election-back').click();
  await expect(page.getByTestId('election-card')).toHaveCount(1);
  await expect(page.getByTestId('election-card-phase')).toHaveText('Nominations open');
  await expect(page.getByTestId('election-card-seats')).toHaveText('1 seat');
  await page.getByTestId('start-election-open').click();
  await dialog.getByTestId('start-election-confirm').click();
  await expect(dialog.getByTestId('start-election-error')).toHaveText(
    'This community already has an open election',
  );
  await dialog.getByTestId('start-election-cancel').click();
  await expect(dialog).toHaveCount(0);
  await expectAccessible(page);

  // Alice stands from the page, with a statement whose spacing is kept; Bob through the API.
  const alicePage = await pageAs(browser, alice);
  await alicePage.goto(`/c/${community.name}/elections/${electionId}`);
  await alicePage.getByTestId('nominate-statement').fill('Too short');
  await alicePage.getByTestId('nominate-submit').click();
  await expect(alicePage.getByTestId('nominate-statement-error')).toHaveText(
    'Statement must be 10 to 2000 characters',
  );
  await alicePage.getByTestId('nominate-statement').fill(STATEMENT);
  await alicePage.getByTestId('nominate-submit').click();
  const aliceRow = alicePage.getByTestId('candidate');
  await expect(aliceRow.getByTestId('candidate-name')).toHaveText([`u/${alice.username}`]);
  await expect
    .poll(() => aliceRow.getByTestId('candidate-statement').textContent())
    .toBe(STATEMENT);
  await expect(aliceRow.getByTestId('withdraw')).toBeVisible();
  await expect(alicePage.getByTestId('nominate-submit')).toHaveCount(0);
  await expectAccessible(alicePage);
  await alicePage.context().close();
  await nominate(bob, electionId, 'Bob stands for a calmer community.');

  // The clock moves to voting. Carol votes from the page and then replaces her ballot.
  await endNominations(electionId);
  const carolPage = await pageAs(browser, carol);
  await carolPage.goto(`/c/${community.name}/elections/${electionId}`);
  await expect(carolPage.getByTestId('election-phase')).toHaveText('Voting open');
  // Voting was to start a day from now and last a day: its close has not moved.
  await expect(carolPage.getByTestId('election-deadline')).toHaveText(
    /^Voting closes in (1 d 23 h|2 d)$/,
  );
  const choice = (user: { id: string }) =>
    carolPage.locator(`[data-testid="ballot-choice"][data-user-id="${user.id}"]`);
  await expect(carolPage.getByTestId('ballot-choice')).toHaveCount(2);
  await expect(choice(alice)).not.toBeChecked();
  await carolPage.getByTestId('ballot-submit').click();
  await expect(carolPage.getByTestId('ballot-error')).toHaveText('Approve at least one candidate');
  await choice(bob).check();
  await expect(carolPage.getByTestId('ballot-submit')).toHaveText('Cast ballot');
  await carolPage.getByTestId('ballot-submit').click();
  await expect(carolPage.getByTestId('ballot-done')).toHaveText('Your ballot was cast.');
  await expect(carolPage.getByTestId('election-ballots')).toHaveText('1');
  await carolPage.reload();
  await expect(choice(bob)).toBeChecked();
  await expect(choice(alice)).not.toBeChecked();
  await expect(carolPage.getByTestId('ballot-submit')).toHaveText('Replace ballot');
  await expectAccessible(carolPage);
  await choice(bob).uncheck();
  await choice(alice).check();
  await carolPage.getByTestId('ballot-submit').click();
  await expect(carolPage.getByTestId('ballot-done')).toHaveText('Your ballot was replaced.');

  // Two more members vote through the API; a replaced ballot still counts once.
  await castBallot(dave, electionId, [alice, bob]);
  await castBallot(bob, electionId, [alice]);

  // Voting now closes in a few seconds: the open page counts down, then shows the tally (the
  // sweep's, a second or two after the close) without a reload.
  await closeVotingIn(electionId, 10);
  await carolPage.reload();
  await expect(carolPage.getByTestId('election-deadline')).toHaveText(/^Voting closes in \d+ s$/);
  await expect(carolPage.getByTestId('results')).toBeVisible({ timeout: 30_000 });
  const closed = await getElection(electionId);
  expect(closed.phase).toBe('closed');
  expect(closed.winners).toEqual([alice.id]);
  await expect(carolPage.getByTestId('election-phase')).toHaveText('Closed');
  await expect(carolPage.getByTestId('election-deadline')).toHaveText(
    /^Closed \w+ \d{1,2}, \d{4}$/,
  );
  await expect(carolPage.getByTestId('election-ballots')).toHaveText('3');
  await expect(carolPage.getByTestId('election-eligible')).toHaveText(
    String(closed.eligible_voters),
  );
  await expect(carolPage.getByTestId('ballot')).toHaveCount(0);
  await expect(carolPage.getByTestId('results-caption')).toHaveText(
    'Approvals per candidate from 3 ballots; 1 seat.',
  );
  const rows = carolPage.getByTestId('result-row');
  await expect(rows.getByTestId('result-name')).toHaveText([
    `u/${alice.username}`,
    `u/${bob.username}`,
  ]);
  await expect(rows.getByTestId('result-approvals')).toHaveText(['3 approvals', '1 approval']);
  await expect(rows.nth(0)).toHaveAttribute('data-winner', 'true');
  await expect(rows.nth(0).getByTestId('result-elected')).toHaveText('Elected');
  await expect(rows.nth(1)).toHaveAttribute('data-winner', 'false');
  await expect(carolPage.getByTestId('winner-link')).toHaveText([`u/${alice.username}`]);
  await expect(carolPage.getByTestId('winner-link')).toHaveAttribute(
    'href',
    `/u/${alice.username}`,
  );
  await expectAccessible(carolPage);
  // The chart fits a phone without sideways scrolling.
  await carolPage.setViewportSize({ width: 375, height: 740 });
  await expect
    .poll(() =>
      carolPage.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    )
    .toBeLessThanOrEqual(0);
  await expectAccessible(carolPage);

  // The list says who won.
  await carolPage.getByTestId('election-back').click();
  await expect(carolPage.getByTestId('election-card-phase')).toHaveText('Closed');
  await expect(carolPage.getByTestId('election-card-winners')).toHaveText(
    `Elected: u/${alice.username}`,
  );
  await carolPage.context().close();

  // The community page: Alice moderates with her term, and the banner is gone.
  await createPost(owner, community, { title: 'After the election' });
  const visitor = await pageAs(browser, null);
  const asked = bannerAsked(visitor);
  await visitor.goto(`/c/${community.name}`);
  await asked;
  await expect(visitor.getByTestId('post-title')).toHaveText(['After the election']);
  const team = visitor.getByTestId('moderator');
  await expect(team.getByTestId('moderator-name')).toHaveText([
    `u/${owner.username}`,
    `u/${alice.username}`,
  ]);
  await expect(team.nth(1).getByTestId('moderator-role')).toHaveText('Moderator');
  await expect(team.nth(1)).toContainText('term ends');
  await expect(visitor.getByTestId('election-banner')).toHaveCount(0);

  // The public log has the start and the close.
  await visitor.getByTestId('modlog-link').click();
  const actions = visitor.getByTestId('modlog-entry').getByTestId('modlog-action');
  await expect(actions.filter({ hasText: 'Closed an election' })).toHaveCount(1);
  await expect(actions.filter({ hasText: 'Started an election' })).toHaveCount(1);
  await visitor.context().close();
});

test('a non-member may not stand, and a member who joined after the start may not vote', async ({
  page,
}) => {
  const owner = await createUser('lowner');
  const alice = await createUser('lalice');
  const late = await createUser('llate');
  const community = await createCommunity(owner);
  await join(alice, community);
  const election = await startElection(owner, community);
  await nominate(alice, election.id, 'Alice would like to help out here.');

  // Not a member yet: the server's refusal of the nomination is shown as it words it.
  await signInAs(page, late);
  await page.goto(`/c/${community.name}/elections/${election.id}`);
  await page.getByTestId('nominate-statement').fill('Late, but keen to help out.');
  await page.getByTestId('nominate-submit').click();
  await expect(page.getByTestId('nominate-error')).toHaveText(
    'Only members of this community may stand',
  );
  await expect(page.getByTestId('candidate-name')).toHaveText([`u/${alice.username}`]);

  // A member from after the start may not vote.
  await join(late, community);
  await endNominations(election.id);
  await page.reload();
  await page.getByLabel(`u/${alice.username}`).check();
  await page.getByTestId('ballot-submit').click();
  await expect(page.getByTestId('ballot-error')).toHaveText(
    'Only members from before the election started may vote',
  );
  await expect(page.getByTestId('election-ballots')).toHaveText('0');
  // The same refusal as the API's: nothing was counted.
  expect((await ballotAnswer(late, election.id, [alice])).status).toBe(403);
  expect((await getElection(election.id)).ballots_cast).toBe(0);
});

test('the community page shows a banner while an election is open', async ({ page, browser }) => {
  const owner = await createUser('bowner');
  const alice = await createUser('balice');
  const community = await createCommunity(owner);
  await join(alice, community);
  await createPost(owner, community, { title: 'Before the election' });
  const election = await startElection(owner, community);
  await nominate(alice, election.id, 'Alice stands, and may think again.');

  // A visitor: the banner counts down the nominations and leads to the election.
  await page.goto(`/c/${community.name}`);
  await expect(page.getByTestId('post-title')).toHaveText(['Before the election']);
  const banner = page.getByTestId('election-banner');
  await expect(banner).toHaveText(/^An election is open: nominations close in (23 h 5\d min|1 d)$/);
  await expectAccessible(page);
  await page.getByTestId('election-banner-link').click();
  await expect(page).toHaveURL(new RegExp(`/c/${community.name}/elections/${election.id}$`));
  await expect(page.getByTestId('election-sign-in')).toContainText('Sign in to stand or vote');
  await expect(page.getByTestId('nominate-submit')).toHaveCount(0);
  await expect(page.getByTestId('withdraw')).toHaveCount(0);
  await expect(page.getByTestId('candidate-name')).toHaveText([`u/${alice.username}`]);
  await expectAccessible(page);

  // The candidate withdraws (confirmed), and may stand again.
  const alicePage = await pageAs(browser, alice);
  await alicePage.goto(`/c/${community.name}/elections/${election.id}`);
  await alicePage.getByTestId('withdraw').click();
  const confirm = alicePage.getByTestId('withdraw-dialog');
  await expect(confirm).toContainText('Withdraw your nomination?');
  await confirm.getByTestId('withdraw-dialog-confirm').click();
  await expect(alicePage.getByTestId('candidates-empty')).toHaveText('No candidates yet.');
  await expect(alicePage.getByTestId('nominate-submit')).toBeVisible();
  await alicePage.context().close();
  await nominate(alice, election.id, 'Alice stands after all, for good.');

  // Voting: the banner says until when.
  await endNominations(election.id);
  await page.goto(`/c/${community.name}`);
  await expect(banner).toHaveText(
    /^Voting is open until \w+ \d{1,2}, \d{4}( at|,) \d{1,2}:\d{2}\s?[AP]M$/,
  );
  await page.goto(`/c/${community.name}/elections/${election.id}`);
  await expect(page.getByTestId('election-phase')).toHaveText('Voting open');
  await expect(page.getByTestId('election-sign-in')).toBeVisible();
  await expect(page.getByTestId('ballot')).toHaveCount(0);

  // Closed without a ballot: nobody is elected, and the banner is gone.
  await endVoting(election.id);
  await page.reload();
  await expect(page.getByTestId('winners')).toContainText('Nobody was elected.');
  await expect(page.getByTestId('result-approvals')).toHaveText(['0 approvals']);
  const asked = bannerAsked(page);
  await page.goto(`/c/${community.name}`);
  await expect(page.getByTestId('post-title')).toHaveText(['Before the election']);
  await asked;
  await expect(banner).toHaveCount(0);
});

test("a visitor may not read an NSFW community's elections; unknown ones say so", async ({
  page,
}) => {
  const owner = await createUser('nowner');
  const community = await createCommunity(owner, { nsfw: true });
  const election = await startElection(owner, community);

  await page.goto(`/c/${community.name}/elections`);
  await expect(page.getByTestId('elections-nsfw')).toContainText('Sign up to view NSFW content');
  await expect(page.getByTestId('election-card')).toHaveCount(0);
  await page.goto(`/c/${community.name}/elections/${election.id}`);
  await expect(page.getByTestId('elections-nsfw')).toBeVisible();
  await page.goto(`/c/no_such_${community.name}/elections`);
  await expect(page.getByTestId('community-not-found')).toBeVisible();

  // Signed in, the same pages open; an election of another community is not found here.
  const other = await createCommunity(owner);
  await signInAs(page, owner);
  await page.goto(`/c/${community.name}/elections`);
  await expect(page.getByTestId('election-card')).toHaveCount(1);
  await page.goto(`/c/${other.name}/elections/${election.id}`);
  await expect(page.getByTestId('election-not-found')).toContainText('Election not found');
  await page.goto(`/c/${other.name}/elections/not-an-id`);
  await expect(page.getByTestId('election-not-found')).toBeVisible();
});
