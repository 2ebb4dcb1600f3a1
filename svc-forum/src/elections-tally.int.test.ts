import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BSON } from 'mongodb';
import { ElectionResponse, ModeratorsResponse } from '@forum/contracts';
import { captureLogs, waitFor, type CapturedLogs } from '@forum/service-kit/testing';
import { connectMongo, createEventOutbox, toObjectId } from '@forum/service-kit';
import { createForumModels } from './models/index.js';
import { tallyElection } from './use-cases/tally-election.js';
import type { RunningForum } from './server.js';
import { startServiceOn } from './test-support/service.js';
import { crashOnce } from './test-support/crash.js';
import { TEST_ELECTIONS, type Harness, type TestUser } from './test-support/harness.js';
import {
  join,
  known,
  modlog,
  newCommunity,
  ok,
  startModeration,
} from './test-support/moderation.js';
import {
  advance,
  decidedEvents,
  electionDeps,
  electionOf,
  nominate,
  startElection,
  vote,
} from './test-support/elections.js';

/**
 * EXTENSIONS §E under faults, and ballot secrecy. The tally runs exactly once: when svc-forum
 * was down at the close (the start-up runs it), when two instances run at the close (the
 * conditional open -> closed update inside the transaction decides who tallies), and after a crash
 * half-way (the transaction leaves nothing; the next pass tallies). Secrecy: after
 * an election with several voters, no response (the admin's included), no log line and no
 * document outside the ballot store links a voter to a candidate they approved.
 */
let h: Harness;
let admin: TestUser;
beforeAll(async () => {
  ({ h, admin } = await startModeration());
});
afterAll(async () => h?.stop());

/** svc-forum as main.ts starts it, on the harness's database and NATS. */
function startInstance(logs: CapturedLogs = captureLogs('svc-forum', 'warn')) {
  return startServiceOn(h, {
    logger: logs.logger,
    env: {
      ELECTION_MIN_PHASE_SECONDS: String(TEST_ELECTIONS.minPhaseSeconds),
      ELECTION_BALLOT_SECRET: TEST_ELECTIONS.ballotSecret,
    },
  });
}

/** A community with a started election, `candidates` nominated and voting open. */
async function votingElection(candidateCount: number, voterCount: number) {
  const owner = await h.user();
  const candidates = await Promise.all(Array.from({ length: candidateCount }, () => h.user()));
  const voters = await Promise.all(Array.from({ length: voterCount }, () => h.user()));
  await known(h, owner, ...candidates, ...voters);
  const c = await newCommunity(h, owner);
  for (const u of [...candidates, ...voters]) await join(h, u, c.id);
  const election = await startElection(h, owner, c.id, { seats: 2 });
  for (const u of candidates) await nominate(h, u, election.id);
  await advance(h, election.id, 'voting');
  return { owner, candidates, voters, c, election };
}

const closedEntries = async (community: string) =>
  (await modlog(h, community)).filter((e) => e.action === 'election_closed');

const team = async (community: string) =>
  ModeratorsResponse.parse(await ok(h, 200, 'GET', `/api/communities/${community}/moderators`))
    .moderators;

describe('the tally under faults', { timeout: 120_000 }, () => {
  it('runs at start-up for an election that closed while svc-forum was down', async () => {
    const { candidates, voters, c, election } = await votingElection(2, 2);
    await vote(h, voters[0]!, election.id, [candidates[1]!]);
    await vote(h, voters[1]!, election.id, [candidates[1]!, candidates[0]!]);
    // The close passes with no instance running (the harness has no sweep).
    await advance(h, election.id, 'due');
    expect((await electionOf(h, election.id)).phase).toBe('voting');
    const restarted = await startInstance();
    try {
      const closed = await waitFor(
        async () => {
          const e = await electionOf(h, election.id);
          return e.phase === 'closed' ? e : undefined;
        },
        { timeoutMs: 30_000, what: 'the start-up tally' },
      );
      expect(closed.winners).toEqual([candidates[1]!.id, candidates[0]!.id]);
    } finally {
      await restarted.stop();
    }
    expect(await closedEntries(c.id)).toHaveLength(1);
    expect(await decidedEvents(h, election.id, 2)).toHaveLength(2);
  });

  it('two instances running at the close tally each election exactly once', async () => {
    const worlds = await Promise.all([votingElection(2, 3), votingElection(3, 2)]);
    for (const { candidates, voters, election } of worlds) {
      for (const v of voters) await vote(h, v, election.id, [candidates[0]!]);
    }
    const instances: RunningForum[] = await Promise.all([startInstance(), startInstance()]);
    try {
      // Both sweeps are polling when the elections come due.
      for (const { election } of worlds) await advance(h, election.id, 'due');
      for (const { election } of worlds) {
        await waitFor(async () => (await electionOf(h, election.id)).phase === 'closed', {
          timeoutMs: 30_000,
          what: 'the tally',
        });
      }
      // A few more passes of both sweeps find nothing left to do.
      await new Promise((r) => setTimeout(r, 1500));
    } finally {
      await Promise.all(instances.map((i) => i.stop()));
    }
    for (const { candidates, voters, c, election } of worlds) {
      expect(await closedEntries(c.id)).toHaveLength(1);
      const events = await decidedEvents(h, election.id, 2);
      expect(events.map((e) => e.audience).sort()).toEqual(['candidates', 'voters']);
      const closed = await electionOf(h, election.id);
      expect(closed.candidates[0]!.approvals).toBe(voters.length);
      expect(closed.winners).toEqual([candidates[0]!.id]);
      expect((await team(c.id)).filter((s) => s.source === 'elected')).toHaveLength(1);
    }
  });
});

describe('two tallies racing on one election', () => {
  it('exactly one commits, on either connection', async () => {
    const { logger } = captureLogs('second', 'warn');
    const conn = await connectMongo(h.mongoUrl, h.dbName, logger, {
      serverSelectionTimeoutMS: 1000,
    });
    const second = {
      ...electionDeps(h),
      conn,
      models: createForumModels(conn),
      outbox: createEventOutbox({ conn, js: h.nc.jetstream(), logger }),
    };
    try {
      const { candidates, voters, c, election } = await votingElection(2, 2);
      for (const v of voters) await vote(h, v, election.id, [candidates[1]!]);
      await advance(h, election.id, 'due');
      const id = toObjectId(election.id);
      const first = electionDeps(h);
      const results = await Promise.all(
        [first, second, first, second].map((deps) => tallyElection(deps, id)),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await closedEntries(c.id)).toHaveLength(1);
      expect(await decidedEvents(h, election.id, 2)).toHaveLength(2);
      expect((await electionOf(h, election.id)).winners).toEqual([candidates[1]!.id]);
    } finally {
      await conn.close();
    }
  });
});

describe('a crash in the middle of the tally', () => {
  it('leaves the election open with nothing written; the next pass tallies it once', async () => {
    const { candidates, voters, c, election } = await votingElection(2, 2);
    for (const v of voters) await vote(h, v, election.id, [candidates[0]!]);
    await advance(h, election.id, 'due');
    const deps = electionDeps(h);
    // The process dies at the tally's last step (the result's events).
    crashOnce(deps.outbox, 'add');
    try {
      await expect(tallyElection(deps, toObjectId(election.id))).rejects.toThrow('crash at add');
    } finally {
      vi.restoreAllMocks();
    }
    const after = await electionOf(h, election.id);
    expect(after).toMatchObject({ phase: 'voting', winners: null, closed_at: null });
    expect(after.candidates.map((x) => x.approvals)).toEqual([null, null]);
    expect((await team(c.id)).filter((s) => s.source === 'elected')).toEqual([]);
    expect(await closedEntries(c.id)).toEqual([]);

    expect(await tallyElection(deps, toObjectId(election.id))).toBe(true);
    expect((await electionOf(h, election.id)).winners).toEqual([candidates[0]!.id]);
    expect(await closedEntries(c.id)).toHaveLength(1);
    expect(await decidedEvents(h, election.id, 2)).toHaveLength(2);
  });
});

describe('ballot secrecy', { timeout: 120_000 }, () => {
  it('no response, log line or document outside the ballot store links a voter to a choice', async () => {
    const logs = captureLogs('svc-forum', 'trace');
    const instance = await startInstance(logs);
    const call = async (as: TestUser | undefined, method: string, path: string, body?: unknown) => {
      const res = await fetch(new URL(path, instance.url), {
        method,
        headers: {
          ...(as ? { Authorization: `Bearer ${as.token}` } : {}),
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      expect(res.status, `${method} ${path}`).toBeLessThan(300);
      return res.text();
    };
    const seen: { what: string; body: string }[] = [];
    let pairs: [TestUser, TestUser][] = [];
    try {
      const { owner, candidates, voters, c, election } = await votingElection(3, 5);
      const [a, b, d] = candidates as [TestUser, TestUser, TestUser];
      const choices: TestUser[][] = [[a], [a, b], [b, d], [d], [a, b, d]];
      for (const [i, v] of voters.entries()) {
        await call(v, 'PUT', `/api/elections/${election.id}/ballot`, {
          approve: [a.id],
        });
        // The replacement is what counts (and what must stay secret).
        await call(v, 'PUT', `/api/elections/${election.id}/ballot`, {
          approve: choices[i]!.map((u) => u.id),
        });
      }
      pairs = voters.flatMap((v, i) =>
        choices[i]!.map((cand) => [v, cand] as [TestUser, TestUser]),
      );
      await advance(h, election.id, 'due');
      await waitFor(
        async () =>
          ElectionResponse.parse(
            JSON.parse(await call(undefined, 'GET', `/api/elections/${election.id}`)),
          ).election.phase === 'closed',
        { timeoutMs: 30_000, what: 'the tally' },
      );
      await decidedEvents(h, election.id, 2);
      // Every reader, the admin included, through every route that could tell.
      const readers = [undefined, admin, owner, ...candidates, ...voters];
      const paths = [
        `/api/elections/${election.id}`,
        `/api/elections/${election.id}/ballot`,
        `/api/communities/${c.id}/elections`,
        `/api/communities/${c.id}/modlog?limit=100`,
        `/api/modlog?limit=100`,
        `/api/communities/${c.id}/moderators`,
        `/api/communities/id/${c.id}`,
        `/api/admin/reports`,
        `/api/admin/communities`,
      ];
      for (const as of readers) {
        for (const path of paths) {
          const needsUser = path.endsWith('/ballot');
          const needsAdmin = path.startsWith('/api/admin');
          if ((needsUser && !as) || (needsAdmin && as !== admin)) continue;
          seen.push({
            what: `${as?.username ?? 'visitor'} ${path}`,
            body: await call(as, 'GET', path),
          });
        }
      }
    } finally {
      await instance.stop();
    }
    const mentions = (text: string, u: TestUser) =>
      text.includes(u.id) || text.includes(u.username);
    /** Pairs of a voter and a candidate they approved that the text names together. */
    const links = (text: string) =>
      pairs.filter(([v, cand]) => mentions(text, v) && mentions(text, cand));
    /**
     * The same for stored documents, the candidate by id: the result (winners' names) is public
     * and is what voters are told, so a voter's notification event names the winners; what must
     * never be stored outside the ballot store is a voter next to the ids of their choices.
     */
    const storedLinks = (text: string) =>
      pairs.filter(([v, cand]) => mentions(text, v) && text.includes(cand.id));
    // The checks have teeth: a voter's own ballot with their id on it would be caught.
    const [voter, choice] = pairs[0]!;
    expect(storedLinks(JSON.stringify({ user_id: voter.id, approve: [choice.id] }))).not.toEqual(
      [],
    );
    expect(seen.length).toBeGreaterThan(50);
    expect(logs.lines.length).toBeGreaterThan(0);
    for (const { what, body } of seen) expect(links(body), `${what}: ${body}`).toEqual([]);
    for (const line of logs.lines) {
      const text = JSON.stringify(line);
      expect(links(text), text).toEqual([]);
      expect(text).not.toContain(TEST_ELECTIONS.ballotSecret);
    }
    // Every document of the forum's database, but the ballot store (keyed by HMAC, no ids).
    const db = h.conn.db!;
    const collections = (await db.listCollections().toArray()).map((x) => x.name);
    expect(collections).toContain('election_voters');
    for (const name of collections.filter((n) => n !== 'election_ballots')) {
      for (const doc of await db.collection(name).find({}).toArray()) {
        const text = BSON.EJSON.stringify(doc);
        expect(storedLinks(text), `${name}: ${text}`).toEqual([]);
      }
    }
    const ballots = await db.collection('election_ballots').find({}).toArray();
    for (const ballot of ballots) {
      const text = BSON.EJSON.stringify(ballot);
      for (const [v] of pairs) expect(text).not.toContain(v.id);
      expect(typeof ballot._id).toBe('string');
    }
  });
});
