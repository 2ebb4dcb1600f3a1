import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BallotResponse,
  ElectionTexts as E,
  ElectionsResponse,
  ModerationTexts as T,
  ModeratorsResponse,
} from '@forum/contracts';
import { serve, waitFor } from '@forum/service-kit/testing';
import { createForumApp } from './app.js';
import type { Harness, TestUser } from './test-support/harness.js';
import {
  ban,
  join,
  known,
  modlog,
  newCommunity,
  ok,
  startModeration,
  type ModWorld,
} from './test-support/moderation.js';
import {
  advance,
  decidedEvents,
  electionBody,
  electionDeps,
  electionOf,
  nominate,
  startElection,
  vote,
} from './test-support/elections.js';
import { tallyDueElections } from './use-cases/tally-election.js';
import { endTerms } from './use-cases/end-terms.js';
import { startElectionSweep } from './election-sweep.js';

/**
 * EXTENSIONS §E, every rule: who starts an election and with what, one open election per
 * community, nominations and withdrawals in their phase, eligibility fixed at the start, the
 * replaced ballot, the tally (ties to the earlier nomination, the team, the log, the events)
 * and the term's end. Phases are moved with `advance` (the close times set to now), except in
 * the story at the end, which runs on one-second phases with the sweep (ELECTION_MIN_PHASE_SECONDS=1).
 */
let h: Harness;
let admin: TestUser;
let w: ModWorld;
beforeAll(async () => {
  ({ h, admin, w } = await startModeration());
});
afterAll(async () => h?.stop());

/** A community of `owner` with `members` joined before anything else happens. */
async function world(memberCount: number) {
  const owner = await h.user();
  const members = await Promise.all(Array.from({ length: memberCount }, () => h.user()));
  await known(h, owner, ...members);
  const c = await newCommunity(h, owner);
  for (const m of members) await join(h, m, c.id);
  return { owner, members, c };
}

const expectError = async (
  status: number,
  text: string,
  method: string,
  path: string,
  opts: { as?: TestUser; body?: unknown } = {},
) => {
  const res = await h.call(method, path, opts);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(status);
  expect(res.body.error).toBe(text);
};

const team = async (community: string) =>
  ModeratorsResponse.parse(await ok(h, 200, 'GET', `/api/communities/${community}/moderators`))
    .moderators;

describe('starting an election', () => {
  it('is for moderators, the owner and the admin; members, outsiders and visitors are refused', async () => {
    const path = `/api/communities/${w.community.id}/elections`;
    for (const as of [w.member, w.outsider, w.otherMod, w.banned]) {
      await expectError(403, T.forbidden, 'POST', path, { as, body: electionBody() });
    }
    expect((await h.call('POST', path, { body: electionBody() })).status).toBe(401);
    expect(await h.models.Election.countDocuments({ community_id: w.community.id })).toBe(0);
    const byModerator = await startElection(h, w.moderator, w.community.id);
    expect(byModerator.community_id).toBe(w.community.id);
    const { owner, c } = await world(0);
    await startElection(h, owner, c.id);
    const other = await world(0);
    await startElection(h, admin, other.c.id);
  });

  it('checks seats, both phases and the term with the spec texts, changing nothing', async () => {
    const { owner, c } = await world(0);
    const path = `/api/communities/${c.id}/elections`;
    const cases: [Record<string, unknown>, string][] = [
      [{ seats: 0 }, E.seats],
      [{ seats: 6 }, E.seats],
      [{ seats: 1.5 }, E.seats],
      [{ nomination_seconds: 0 }, E.phaseMin],
      [{ voting_seconds: 14 * 86400 + 1 }, E.phaseMax],
      [{ term_days: 29 }, E.termDays],
      [{ term_days: 731 }, E.termDays],
    ];
    for (const [extra, text] of cases) {
      await expectError(400, text, 'POST', path, { as: owner, body: electionBody(extra) });
    }
    expect(await h.models.Election.countDocuments({ community_id: c.id })).toBe(0);
    const longest = await startElection(h, owner, c.id, {
      seats: 5,
      nomination_seconds: 14 * 86400,
      voting_seconds: 14 * 86400,
      term_days: 730,
    });
    expect(longest.seats).toBe(5);
  });

  it('refuses a phase shorter than ELECTION_MIN_PHASE_SECONDS with a clear 400', async () => {
    const { owner, c } = await world(0);
    const strict = await serve(
      createForumApp({
        logger: (await import('@forum/service-kit/testing')).captureLogs('strict', 'warn').logger,
        conn: h.conn,
        auth: h.auth,
        outbox: h.outbox,
        media: h.media,
        adminUsername: 'admin',
        elections: { minPhaseSeconds: 600, ballotSecret: 'another-test-ballot-secret' },
      }),
    );
    try {
      const res = await strict.fetch(`/api/communities/${c.id}/elections`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${owner.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(electionBody({ nomination_seconds: 599 })),
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe(
        'A phase lasts at least 600 seconds',
      );
    } finally {
      await strict.close();
    }
    expect(await h.models.Election.countDocuments({ community_id: c.id })).toBe(0);
  });

  it('allows one open election per community (409), also when two starts race', async () => {
    const { owner, c } = await world(0);
    const path = `/api/communities/${c.id}/elections`;
    const results = await Promise.all(
      [0, 1, 2].map(() => h.call('POST', path, { as: owner, body: electionBody() })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(results.find((r) => r.status === 409)!.body.error).toBe(E.openExists);
    const entries = (await modlog(h, c.id)).filter((e) => e.action === 'election_started');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      moderator_username: owner.username,
      target_type: 'election',
      target_id: (results.find((r) => r.status === 201)!.body.election as { id: string }).id,
    });
  });

  it('fixes the electorate at the start: members then, banned ones not counted', async () => {
    const { owner, members, c } = await world(3);
    await ban(h, owner, c.id, members[2]!);
    const election = await startElection(h, owner, c.id);
    // The owner and two members; the banned member is not an eligible voter.
    expect(election).toMatchObject({
      phase: 'nominating',
      eligible_voters: 3,
      ballots_cast: 0,
      candidates: [],
      winners: null,
      closed_at: null,
    });
    await join(h, await h.user(), c.id);
    expect((await electionOf(h, election.id)).eligible_voters).toBe(3);
  });

  it('lists a community elections newest first; an NSFW community only for signed-in readers', async () => {
    const { owner, c } = await world(0);
    const first = await startElection(h, owner, c.id);
    await advance(h, first.id, 'due');
    await tallyDueElections(electionDeps(h));
    const second = await startElection(h, owner, c.id);
    const page = ElectionsResponse.parse(
      await ok(h, 200, 'GET', `/api/communities/${c.id}/elections`),
    );
    expect(page.elections.map((e) => e.id)).toEqual([second.id, first.id]);
    expect(page.pagination).toEqual({ hasMore: false, total: 2 });

    const nsfwOwner = await h.user();
    await known(h, nsfwOwner);
    const nsfw = await newCommunity(h, nsfwOwner, { is_nsfw: true });
    const hidden = await startElection(h, nsfwOwner, nsfw.id);
    expect((await h.call('GET', `/api/communities/${nsfw.id}/elections`)).status).toBe(403);
    expect((await h.call('GET', `/api/elections/${hidden.id}`)).status).toBe(403);
    await ok(h, 200, 'GET', `/api/elections/${hidden.id}`, { as: w.outsider });
    await expectError(404, E.notFound, 'GET', `/api/elections/${c.id}`);
  });
});

describe('nominations', () => {
  it('members who are not banned stand once, with a 10-2000 character statement', async () => {
    const { owner, members, c } = await world(3);
    await ban(h, owner, c.id, members[2]!);
    const election = await startElection(h, owner, c.id);
    const path = `/api/elections/${election.id}/candidates`;
    await expectError(400, E.statement, 'POST', path, {
      as: members[0],
      body: { statement: 'too short' },
    });
    await expectError(400, E.statement, 'POST', path, {
      as: members[0],
      body: { statement: 'x'.repeat(2001) },
    });
    await expectError(403, E.notMember, 'POST', path, {
      as: w.outsider,
      body: { statement: 'I am not even a member here.' },
    });
    await expectError(403, T.banned, 'POST', path, {
      as: members[2],
      body: { statement: 'Banned, but I would like to stand.' },
    });
    await nominate(h, members[0]!, election.id, '  I will read every report.  ');
    await expectError(409, E.alreadyCandidate, 'POST', path, {
      as: members[0],
      body: { statement: 'Standing a second time.' },
    });
    await nominate(h, owner, election.id);
    const now = await electionOf(h, election.id);
    expect(now.candidates.map((x) => [x.username, x.statement, x.approvals])).toEqual([
      [members[0]!.username, 'I will read every report.', null],
      [owner.username, `I will keep ${owner.username} tidy and fair.`, null],
    ]);
  });

  it('withdraws while nominating; neither once voting has begun', async () => {
    const { owner, members, c } = await world(2);
    const election = await startElection(h, owner, c.id);
    const me = `/api/elections/${election.id}/candidates/me`;
    await nominate(h, members[0]!, election.id);
    await ok(h, 200, 'DELETE', me, { as: members[0] });
    await expectError(404, E.notCandidate, 'DELETE', me, { as: members[0] });
    expect((await electionOf(h, election.id)).candidates).toEqual([]);
    await nominate(h, members[0]!, election.id);
    await advance(h, election.id, 'voting');
    expect((await electionOf(h, election.id)).phase).toBe('voting');
    await expectError(400, E.notNominating, 'DELETE', me, { as: members[0] });
    await expectError(400, E.notNominating, 'POST', `/api/elections/${election.id}/candidates`, {
      as: members[1],
      body: { statement: 'Too late, but here I am.' },
    });
    expect((await electionOf(h, election.id)).candidates).toHaveLength(1);
  });
});

describe('ballots', () => {
  it('only while voting, only for candidates, at least one, each once', async () => {
    const { owner, members, c } = await world(3);
    const election = await startElection(h, owner, c.id);
    const ballot = `/api/elections/${election.id}/ballot`;
    await nominate(h, members[0]!, election.id);
    await nominate(h, members[1]!, election.id);
    await expectError(400, E.notVoting, 'PUT', ballot, {
      as: members[2],
      body: { approve: [members[0]!.id] },
    });
    await advance(h, election.id, 'voting');
    for (const [approve, text] of [
      [[], E.approveRequired],
      [[members[0]!.id, members[0]!.id], E.approveDistinct],
      [[members[2]!.id], E.unknownCandidate],
      [['not-an-id'], 'Invalid id'],
    ] as const) {
      await expectError(400, text, 'PUT', ballot, { as: members[2], body: { approve } });
    }
    expect(await h.models.ElectionBallot.countDocuments({ election_id: election.id })).toBe(0);
    expect((await electionOf(h, election.id)).ballots_cast).toBe(0);
  });

  it('is for members from before the start only (403), also not for one who left and rejoined', async () => {
    const { owner, members, c } = await world(2);
    const election = await startElection(h, owner, c.id);
    await nominate(h, members[0]!, election.id);
    const late = await h.user();
    await known(h, late);
    await join(h, late, c.id);
    await ok(h, 200, 'POST', `/api/communities/${c.id}/leave`, { as: members[1] });
    await join(h, members[1]!, c.id);
    await advance(h, election.id, 'voting');
    const ballot = `/api/elections/${election.id}/ballot`;
    for (const as of [late, members[1]!, w.outsider]) {
      await expectError(403, E.notEligible, 'PUT', ballot, {
        as,
        body: { approve: [members[0]!.id] },
      });
    }
    await vote(h, members[0]!, election.id, [members[0]!]);
    expect((await electionOf(h, election.id)).ballots_cast).toBe(1);
  });

  it('a later ballot replaces the earlier; each voter reads only their own', async () => {
    const { owner, members, c } = await world(3);
    const election = await startElection(h, owner, c.id, { seats: 2 });
    const [a, b, voter] = members as [TestUser, TestUser, TestUser];
    await nominate(h, a, election.id);
    await nominate(h, b, election.id);
    await advance(h, election.id, 'voting');
    const mine = `/api/elections/${election.id}/ballot`;
    expect(BallotResponse.parse(await ok(h, 200, 'GET', mine, { as: voter })).ballot).toBeNull();
    await vote(h, voter, election.id, [a, b]);
    expect(await vote(h, voter, election.id, [b])).toEqual({
      election_id: election.id,
      approve: [b.id],
    });
    expect(BallotResponse.parse(await ok(h, 200, 'GET', mine, { as: voter })).ballot).toEqual({
      election_id: election.id,
      approve: [b.id],
    });
    // Nobody else reads it, the admin included: their own is empty.
    for (const as of [owner, admin, a]) {
      expect(BallotResponse.parse(await ok(h, 200, 'GET', mine, { as })).ballot).toBeNull();
    }
    expect((await electionOf(h, election.id)).ballots_cast).toBe(1);
    expect(await h.models.ElectionBallot.countDocuments({ election_id: election.id })).toBe(1);

    await advance(h, election.id, 'due');
    await expectError(400, E.notVoting, 'PUT', mine, { as: voter, body: { approve: [a.id] } });
    await tallyDueElections(electionDeps(h));
    const closed = await electionOf(h, election.id);
    expect(closed.candidates.map((x) => x.approvals)).toEqual([0, 1]);
    expect(closed.winners).toEqual([b.id]);
  });
});

describe('the tally', () => {
  it('elects the most approved, a tie going to the earlier nomination; winners join the team', async () => {
    const { owner, members, c } = await world(6);
    const [early, late, third, appointed, v1, v2] = members as TestUser[] as [
      TestUser,
      TestUser,
      TestUser,
      TestUser,
      TestUser,
      TestUser,
    ];
    await ok(h, 201, 'POST', `/api/communities/${c.id}/moderators`, {
      as: owner,
      body: { username: appointed.username },
    });
    const election = await startElection(h, owner, c.id, { seats: 3, term_days: 90 });
    for (const cand of [early, late, third, appointed, owner]) await nominate(h, cand, election.id);
    await advance(h, election.id, 'voting');
    // early and late tie on 2; appointed 3, owner 3; third 1. Seats: 3.
    await vote(h, v1, election.id, [early, late, appointed, owner]);
    await vote(h, v2, election.id, [early, late, appointed, third]);
    await vote(h, third, election.id, [owner]);
    await vote(h, owner, election.id, [owner]);
    await vote(h, late, election.id, [appointed]);
    await advance(h, election.id, 'due');
    expect(await tallyDueElections(electionDeps(h))).toBe(1);
    expect(await tallyDueElections(electionDeps(h))).toBe(0);

    const closed = await electionOf(h, election.id);
    expect(closed.phase).toBe('closed');
    expect(Object.fromEntries(closed.candidates.map((x) => [x.user_id, x.approvals]))).toEqual({
      [early.id]: 2,
      [late.id]: 2,
      [third.id]: 1,
      [appointed.id]: 3,
      [owner.id]: 3,
    });
    // appointed and owner tie on 3: appointed was nominated first. Then early before late.
    expect(closed.winners).toEqual([appointed.id, owner.id, early.id]);
    expect(closed.ballots_cast).toBe(5);

    const seats = await team(c.id);
    const closeAt = new Date(closed.voting_close_at).getTime();
    const term = new Date(closeAt + 90 * 86400_000).toISOString();
    expect(seats.find((s) => s.user_id === owner.id)).toMatchObject({
      role: 'owner',
      source: 'creator',
      term_ends_at: null,
    });
    expect(seats.find((s) => s.user_id === appointed.id)).toMatchObject({
      role: 'moderator',
      source: 'elected',
      term_ends_at: term,
    });
    expect(seats.find((s) => s.user_id === early.id)).toMatchObject({
      role: 'moderator',
      source: 'elected',
      term_ends_at: term,
    });
    expect(seats.some((s) => s.user_id === late.id)).toBe(false);

    const closing = (await modlog(h, c.id)).filter((e) => e.action === 'election_closed');
    expect(closing).toHaveLength(1);
    expect(closing[0]).toMatchObject({
      target_type: 'election',
      target_id: election.id,
      moderator_username: owner.username,
      reason: `Elected: ${appointed.username}, ${owner.username}, ${early.username}`,
    });

    const events = await decidedEvents(h, election.id, 2);
    const byAudience = Object.fromEntries(events.map((e) => [e.audience, e]));
    expect(events).toHaveLength(2);
    expect(byAudience.candidates).toMatchObject({
      community_name: c.name,
      winner_usernames: [appointed.username, owner.username, early.username],
      recipient_ids: [early, late, third, appointed, owner].map((u) => u.id).sort(),
      slice: 0,
      slices: 1,
    });
    // Voters who are not candidates (v1, v2); candidates who voted hear it as candidates.
    expect(byAudience.voters!.recipient_ids).toEqual([v1.id, v2.id].sort());
  });

  it('seats nobody when nobody was approved, and passes over a winner banned since', async () => {
    const { owner, members, c } = await world(3);
    const [a, b, voter] = members as [TestUser, TestUser, TestUser];
    const election = await startElection(h, owner, c.id);
    await nominate(h, a, election.id);
    await nominate(h, b, election.id);
    await advance(h, election.id, 'voting');
    await vote(h, voter, election.id, [a]);
    await vote(h, owner, election.id, [a, b]);
    await ban(h, owner, c.id, a);
    await advance(h, election.id, 'due');
    await tallyDueElections(electionDeps(h));
    expect((await electionOf(h, election.id)).winners).toEqual([b.id]);

    const empty = await startElection(h, owner, c.id);
    await advance(h, empty.id, 'due');
    await tallyDueElections(electionDeps(h));
    const none = await electionOf(h, empty.id);
    expect(none).toMatchObject({ phase: 'closed', winners: [], candidates: [] });
    expect((await modlog(h, c.id)).find((e) => e.action === 'election_closed')!.reason).toBe(
      'Nobody was elected',
    );
  });
});

describe('terms', () => {
  it('end by themselves: the seat goes and term_ended is logged once', async () => {
    const { owner, members, c } = await world(2);
    const [winner, voter] = members as [TestUser, TestUser];
    const election = await startElection(h, owner, c.id);
    await nominate(h, winner, election.id);
    await advance(h, election.id, 'voting');
    await vote(h, voter, election.id, [winner]);
    await advance(h, election.id, 'due');
    await tallyDueElections(electionDeps(h));
    expect((await team(c.id)).some((s) => s.user_id === winner.id)).toBe(true);
    expect(await endTerms(electionDeps(h))).toBe(0);

    await h.models.Moderator.updateOne(
      { community_id: c.id, user_id: winner.id },
      { $set: { term_ends_at: new Date(Date.now() - 1000) } },
    );
    const ended = await Promise.all([endTerms(electionDeps(h)), endTerms(electionDeps(h))]);
    expect(ended.reduce((x, y) => x + y, 0)).toBe(1);
    expect((await team(c.id)).some((s) => s.user_id === winner.id)).toBe(false);
    const log = (await modlog(h, c.id)).filter((e) => e.action === 'term_ended');
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      moderator_username: winner.username,
      target_username: winner.username,
    });
    // Back to an ordinary member: moderation is refused again.
    const res = await h.call('GET', `/api/communities/${c.id}/bans`, { as: winner });
    expect(res.status).toBe(403);
  });
});

describe('the story on the clock (phases of seconds, the sweep running)', () => {
  it('nominates, votes and closes by itself at voting_close_at', async () => {
    const { owner, members, c } = await world(2);
    const [candidate, voter] = members as [TestUser, TestUser];
    const sweep = startElectionSweep({
      deps: electionDeps(h),
      logger: (await import('@forum/service-kit/testing')).captureLogs('sweep', 'warn').logger,
      everyMs: 200,
    });
    try {
      const election = await startElection(h, owner, c.id, {
        // Short, with room for a loaded machine between the steps.
        nomination_seconds: 3,
        voting_seconds: 3,
      });
      await nominate(h, candidate, election.id);
      await waitFor(async () => (await electionOf(h, election.id)).phase === 'voting', {
        timeoutMs: 10_000,
        what: 'voting',
      });
      await vote(h, voter, election.id, [candidate]);
      const closed = await waitFor(
        async () => {
          const e = await electionOf(h, election.id);
          return e.phase === 'closed' ? e : undefined;
        },
        { timeoutMs: 15_000, what: 'the tally' },
      );
      expect(new Date(closed.closed_at!).getTime()).toBeGreaterThanOrEqual(
        new Date(closed.voting_close_at).getTime(),
      );
      expect(closed.winners).toEqual([candidate.id]);
      expect((await team(c.id)).find((s) => s.user_id === candidate.id)?.source).toBe('elected');
    } finally {
      await sweep.stop();
    }
  });
});
