import { expect } from '@playwright/test';
import {
  ElectionResponse,
  ElectionTexts,
  ModeratorsResponse,
  ModlogResponse,
  type Election,
} from '@forum/contracts';
import { BSON, type Db } from 'mongodb';
import { apiClient, eventually, uniqueName, type Api } from '../../scripts/lib/api-client.js';
import { freePort } from '../../scripts/lib/ports.js';
import type { Supervised } from '../../scripts/lib/supervisor.js';
import type { SystemStack } from '../lib/system-stack.js';
import {
  NotificationLedger,
  allNotifications,
  ok,
  register,
  verifyExactlyOnce,
  type User,
} from './support.js';

/**
 * For election-tally.spec.ts: an election run on the real clock through the gateway, extra
 * svc-forum processes, and the checks that the close happened exactly once (result, team, public
 * log, notifications) and that no stored document or log line pairs a voter with a choice.
 */

const DAY_MS = 86_400_000;

/** A copy of svc-forum: the stack's own command and environment, its own port and name. */
export interface ForumInstance {
  name: string;
  url: string;
  /** The public API straight from this instance (same /api paths as the gateway's). */
  api: Api;
  proc: Supervised;
}

/**
 * Starts svc-forum once more as the stack runs it (same database, NATS and ballot secret), with
 * `env` on top, and waits until it is ready. `name: 'forum'` replaces the stack's own (which
 * must be stopped): stack.proc/kill/restart then act on it.
 */
export async function launchForum(
  stack: SystemStack,
  name: string,
  env: Record<string, string> = {},
): Promise<ForumInstance> {
  const template = stack.proc('forum').spec;
  const port = name === 'forum' ? Number(template.env.PORT) : await freePort();
  const proc = stack.supervisor.start({
    ...template,
    name,
    env: { ...template.env, ...env, PORT: String(port) },
  });
  const url = `http://127.0.0.1:${port}`;
  await eventually(
    `${name} to be ready`,
    async () => {
      if (proc.exit) throw new Error(`${name} exited: ${JSON.stringify(proc.exit)}`);
      const res = await fetch(`${url}/ready`, { signal: AbortSignal.timeout(3_000) });
      return res.status === 200 ? true : undefined;
    },
    { timeoutMs: 60_000, intervalMs: 200 },
  );
  return { name, url, api: apiClient(url), proc };
}

/** SIGKILLs one process's group and waits until it is gone. */
export async function killProc(proc: Supervised): Promise<void> {
  if (proc.exit || proc.child.pid === undefined) return;
  process.kill(-proc.child.pid, 'SIGKILL');
  await proc.exited;
}

/** Waits (polling, bounded) until the wall clock passes `at`. */
export function clockPast(what: string, at: number, { timeoutMs = 60_000 } = {}) {
  return eventually(what, async () => (Date.now() > at ? true : undefined), {
    timeoutMs: Math.max(0, at - Date.now()) + timeoutMs,
    intervalMs: 50,
  });
}

export const electionOf = async (api: Api, id: string, token?: string) =>
  ElectionResponse.parse(
    await ok(api, 'GET', `/elections/${id}`, token === undefined ? {} : { token }),
  ).election;

/** Polls one instance until the election reads as `phase`. */
export const waitPhase = (
  api: Api,
  id: string,
  phase: Election['phase'],
  timeoutMs = 30_000,
): Promise<Election> =>
  eventually(
    `election ${id} to be ${phase}`,
    async () => {
      const e = await electionOf(api, id);
      return e.phase === phase ? e : undefined;
    },
    { timeoutMs, intervalMs: 100 },
  );

export interface ElectionWorld {
  community: { id: string; name: string };
  owner: User;
  /** In nomination order. */
  candidates: User[];
  /** Members from before the start who do not stand. */
  members: User[];
  /** Joined after the start: may not vote. */
  late: User;
  election: Election;
  /** Every ballot cast, in order, by voter id (the last one counts). */
  ballots: Map<string, string[][]>;
}

/**
 * Owner, candidates and members register (in parallel) and join a new community; the election
 * starts with the given phases; the candidates nominate one after the other (their order is
 * the tie-break); a member joins late. Returns once the election is in its voting phase.
 */
export async function electionInVoting(
  api: Api,
  prefix: string,
  o: { candidates: number; members: number; seats: number; termDays: number; phases: number[] },
): Promise<ElectionWorld> {
  const users = await Promise.all(
    Array.from({ length: 2 + o.candidates + o.members }, (_, i) => register(api, `${prefix}${i}`)),
  );
  const [owner, late, ...rest] = users as [User, User, ...User[]];
  const candidates = rest.slice(0, o.candidates);
  const members = rest.slice(o.candidates);
  const { community } = await ok<{ community: { id: string; name: string } }>(
    api,
    'POST',
    '/communities',
    {
      token: owner.token,
      body: {
        name: uniqueName(prefix).slice(0, 30),
        description: 'Elections under faults.',
        rules: 'Be kind.',
        is_nsfw: false,
      },
    },
  );
  await Promise.all(
    [...candidates, ...members].map((u) =>
      ok(api, 'POST', `/communities/${community.id}/join`, { token: u.token }),
    ),
  );
  const [nomination_seconds, voting_seconds] = o.phases as [number, number];
  const started = ElectionResponse.parse(
    await ok(api, 'POST', `/communities/${community.id}/elections`, {
      token: owner.token,
      body: { seats: o.seats, nomination_seconds, voting_seconds, term_days: o.termDays },
    }),
  ).election;
  await ok(api, 'POST', `/communities/${community.id}/join`, { token: late.token });
  for (const c of candidates) {
    await ok(api, 'POST', `/elections/${started.id}/candidates`, {
      token: c.token,
      body: { statement: `I will keep c/${community.name} tidy and fair.` },
    });
  }
  await clockPast('nominations to close', Date.parse(started.nominations_close_at));
  const election = await waitPhase(api, started.id, 'voting');
  expect(election.candidates.map((c) => c.user_id)).toEqual(candidates.map((c) => c.id));
  // The electorate was fixed at the start: the owner, the candidates and the members.
  expect(election.eligible_voters).toBe(1 + candidates.length + members.length);
  return {
    community,
    owner,
    candidates,
    members,
    late,
    election,
    ballots: new Map(),
  };
}

/** One voter's ballots, in order (a later one replaces the earlier), each through its own API. */
export interface BallotPlan {
  voter: User;
  ballots: { approve: User[]; via: Api }[];
}

/**
 * Casts the plan (voters in parallel, each voter's ballots in order) and records it in the
 * world; every answer must echo the ballot. The late joiner is refused with the spec's text.
 */
export async function castBallots(api: Api, w: ElectionWorld, plan: BallotPlan[]): Promise<void> {
  const path = `/elections/${w.election.id}/ballot`;
  await Promise.all(
    plan.map(async ({ voter, ballots }) => {
      for (const { approve, via } of ballots) {
        const ids = approve.map((u) => u.id);
        const res = await ok<{ ballot: { approve: string[] } }>(via, 'PUT', path, {
          token: voter.token,
          body: { approve: ids },
        });
        expect(res.ballot.approve).toEqual(ids);
        w.ballots.set(voter.id, [...(w.ballots.get(voter.id) ?? []), ids]);
      }
    }),
  );
  const late = await api('PUT', path, {
    token: w.late.token,
    body: { approve: [w.candidates[0]!.id] },
  });
  expect(late.status).toBe(403);
  expect(late.json).toEqual({ error: ElectionTexts.notEligible });
}

/** The approvals each candidate must have: one per final ballot naming them. */
export function expectedApprovals(w: ElectionWorld): Map<string, number> {
  const counts = new Map(w.candidates.map((c) => [c.id, 0]));
  for (const ballots of w.ballots.values()) {
    for (const id of ballots.at(-1)!) counts.set(id, counts.get(id)! + 1);
  }
  return counts;
}

/**
 * The election was closed exactly once, with the right result: approvals equal the final
 * ballots, `winners` (in order) hold their seats once each as elected moderators with
 * term_ends_at = voting_close_at + term_days (also when the tally ran late), the public log has one election_closed and no
 * add_moderator, and each candidate and voter was told once (nobody else). Reads go through
 * `api` (the gateway, or one instance directly); notifications always through the gateway.
 */
export async function expectOneResult(
  stack: SystemStack,
  gateway: Api,
  api: Api,
  w: ElectionWorld,
  winners: User[],
): Promise<Election> {
  const closed = await electionOf(api, w.election.id);
  expect(closed.phase).toBe('closed');
  expect(Date.parse(closed.closed_at!)).toBeGreaterThanOrEqual(Date.parse(closed.voting_close_at));
  const approvals = expectedApprovals(w);
  expect(Object.fromEntries(closed.candidates.map((c) => [c.user_id, c.approvals]))).toEqual(
    Object.fromEntries(approvals),
  );
  expect(closed.winners).toEqual(winners.map((u) => u.id));
  expect(closed.ballots_cast).toBe(w.ballots.size);

  const { moderators } = ModeratorsResponse.parse(
    await ok(api, 'GET', `/communities/${w.community.id}/moderators`),
  );
  const term = new Date(
    Date.parse(closed.voting_close_at) + closed.term_days * DAY_MS,
  ).toISOString();
  expect(
    moderators.map((m) => ({
      user_id: m.user_id,
      role: m.role,
      source: m.source,
      term_ends_at: m.term_ends_at,
    })),
  ).toEqual([
    { user_id: w.owner.id, role: 'owner', source: 'creator', term_ends_at: null },
    ...winners.map((u) => ({
      user_id: u.id,
      role: 'moderator',
      source: 'elected',
      term_ends_at: term,
    })),
  ]);

  const { entries } = ModlogResponse.parse(
    await ok(api, 'GET', `/communities/${w.community.id}/modlog?limit=100`),
  );
  expect(entries.map((e) => e.action).sort()).toEqual(['election_closed', 'election_started']);
  const closing = entries.find((e) => e.action === 'election_closed')!;
  expect(closing).toMatchObject({
    target_type: 'election',
    target_id: w.election.id,
    moderator_username: w.owner.username,
    reason: `Elected: ${winners.map((u) => u.username).join(', ')}`,
  });
  const site = ModlogResponse.parse(
    await ok(api, 'GET', '/modlog?limit=100&action=election_closed'),
  ).entries.filter((e) => e.target_id === w.election.id);
  expect(site).toHaveLength(1);

  // One `election` notification per candidate and per voter; the owner (who did not vote), the
  // members who did not vote and the late joiner get none.
  const ledger = new NotificationLedger();
  const told = [...new Set([...w.candidates.map((c) => c.id), ...w.ballots.keys()])];
  for (const id of told) {
    ledger.expect(id, { type: 'election', related_id: w.community.name, content: '' });
  }
  const everyone = [w.owner, w.late, ...w.candidates, ...w.members];
  // What sign-up told each of them (the welcome, a badge for the first accounts), once each too.
  for (const u of everyone) {
    ledger.expect(u.id, { type: 'referral_program_announcement', related_id: null, content: '' });
    const { badges } = await ok<{ badges: { id: string }[] }>(
      gateway,
      'GET',
      `/badges/user/${u.id}`,
    );
    for (const b of badges)
      ledger.expect(u.id, { type: 'badge_earned', related_id: b.id, content: '' });
  }
  await verifyExactlyOnce(stack, gateway, ledger, everyone);
  // What it says: the result, and (by audience) thanks for standing or for voting.
  const title = `Election in c/${w.community.name}: ${winners.map((u) => u.username).join(', ')} elected`;
  const standing = new Set(w.candidates.map((c) => c.id));
  for (const u of everyone.filter((x) => told.includes(x.id))) {
    const notes = (await allNotifications(gateway, u.token)).filter((n) => n.type === 'election');
    expect(notes.map((n) => [n.title, n.content.split('.')[0]])).toEqual([
      [title, standing.has(u.id) ? 'Thank you for standing' : 'Thank you for voting'],
    ]);
  }
  return closed;
}

/** The voter-candidate pairs a ballot named (every ballot, replaced ones too); voters who stand are left out. */
export function ballotPairs(worlds: ElectionWorld[]): [User, User][] {
  const pairs: [User, User][] = [];
  for (const w of worlds) {
    const standing = new Set(w.candidates.map((c) => c.id));
    const byId = new Map([...w.candidates, ...w.members].map((u) => [u.id, u]));
    for (const [voterId, ballots] of w.ballots) {
      // A candidate's id sits next to the others' in the election itself: only members who do
      // not stand can be checked for a stored link.
      if (standing.has(voterId)) continue;
      const chosen = new Set(ballots.flat());
      for (const id of chosen) pairs.push([byId.get(voterId)!, byId.get(id)!]);
    }
  }
  return pairs;
}

const mentions = (text: string, u: User) => text.includes(u.id) || text.includes(u.username);

/**
 * Nothing outside the ballot store pairs a voter with a candidate they approved: no document of
 * the given databases (the voter by id or name next to the candidate's id: the winners' names
 * are public and are what voters are told) and no line of the stack's log (either by id or
 * name). Ballots themselves hold no voter id. Returns how many documents and lines were read.
 */
export async function expectBallotsSecret(
  dbs: Db[],
  logLines: string[],
  pairs: [User, User][],
  secret: string,
): Promise<{ documents: number; lines: number }> {
  const storedLinks = (text: string) =>
    pairs.filter(([v, c]) => mentions(text, v) && text.includes(c.id));
  const logLinks = (text: string) =>
    pairs.filter(([v, c]) => mentions(text, v) && mentions(text, c));
  // The checks have teeth: a ballot with its voter's id on it would be caught.
  const [voter, choice] = pairs[0]!;
  expect(storedLinks(JSON.stringify({ user_id: voter.id, approve: [choice.id] }))).not.toEqual([]);

  const problems: string[] = [];
  let documents = 0;
  for (const db of dbs) {
    for (const { name } of await db.listCollections().toArray()) {
      const docs = await db.collection(name).find({}).toArray();
      documents += docs.length;
      for (const doc of docs) {
        const text = BSON.EJSON.stringify(doc);
        if (name === 'election_ballots') {
          const voters = pairs.filter(([v]) => text.includes(v.id)).map(([v]) => v.username);
          if (voters.length) problems.push(`${db.databaseName}.${name} names ${voters.join(', ')}`);
          continue;
        }
        for (const [v, c] of storedLinks(text)) {
          problems.push(`${db.databaseName}.${name}: ${v.username} with ${c.username}: ${text}`);
        }
      }
    }
  }
  for (const line of logLines) {
    for (const [v, c] of logLinks(line))
      problems.push(`log: ${v.username} with ${c.username}: ${line}`);
    if (line.includes(secret)) problems.push(`log shows the ballot secret: ${line}`);
  }
  expect(problems, 'a voter paired with a choice').toEqual([]);
  return { documents, lines: logLines.length };
}
