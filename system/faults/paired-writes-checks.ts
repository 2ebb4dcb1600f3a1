import { expect } from '@playwright/test';
import type { Db, Document } from 'mongodb';
import { eventually, type ApiResult } from '../../scripts/lib/api-client.js';
import type { StackPart, SystemStack } from '../lib/system-stack.js';
import { messagePreview, restartAndWait, sleep, tally } from './support.js';

/**
 * For the kill specs: a concurrent burst of writes with every outcome recorded, the service killed
 * under it, and the both-or-neither checks run on the databases afterwards.
 */

export interface Shot<T> {
  input: T;
  started: number;
  ended: number;
  status: number;
}

/** `workers` loops sending `send(make())` until `stopped()`; outcomes go to `shots`. */
export function burst<T>(
  workers: number,
  make: () => T,
  send: (input: T) => Promise<ApiResult<unknown>>,
  stopped: () => boolean,
  shots: Shot<T>[],
): Promise<void> {
  const loop = async () => {
    while (!stopped()) {
      const input = make();
      const started = Date.now();
      const { status } = await send(input);
      shots.push({ input, started, ended: Date.now(), status });
      // While the service is down, do not spin.
      if (status >= 300) await sleep(100);
    }
  };
  return Promise.all(Array.from({ length: workers }, loop)).then(() => undefined);
}

/** A picker of one of `choices` at random, each as likely as its weight. */
export function weighted<T>(choices: [number, T][]): () => T {
  const total = choices.reduce((n, [w]) => n + w, 0);
  return () => {
    let r = Math.random() * total;
    for (const [w, choice] of choices) if ((r -= w) < 0) return choice;
    return choices[0]![1];
  };
}

/**
 * A burst of actions (each `run` by `send`) that counts how many are under way and how many
 * succeeded since a moment: what the kill specs wait for before each SIGKILL.
 */
export function trackedBurst<T>(
  workers: number,
  make: () => T,
  send: (input: T) => Promise<ApiResult<unknown>>,
  shots: Shot<T>[],
) {
  let stopped = false;
  let inFlight = 0;
  const running = burst(
    workers,
    make,
    async (input) => {
      inFlight++;
      try {
        return await send(input);
      } finally {
        inFlight--;
      }
    },
    () => stopped,
    shots,
  );
  return {
    inFlight: () => inFlight,
    /** 2xx answers to requests sent after `after`. */
    done: (after = 0) =>
      shots.filter((s) => s.status >= 200 && s.status < 300 && s.started > after).length,
    stop: () => {
      stopped = true;
      return running;
    },
  };
}

export interface Kill {
  at: number;
  restartMs: number;
}

/**
 * `times` times: once `enough(since)` holds for the traffic since the last restart, SIGKILL
 * `part`, leave it down a second, restart it. Ends when traffic flows again after the last
 * restart. Returns when each kill happened and how long each restart took.
 */
export async function killMidBurst(
  stack: SystemStack,
  part: StackPart,
  times: number,
  enough: (since: number) => boolean,
): Promise<Kill[]> {
  const kills: Kill[] = [];
  let since = 0;
  for (let i = 0; i < times; i++) {
    await eventually(
      `traffic before kill ${i + 1} of ${part}`,
      async () => (enough(since) ? true : undefined),
      { timeoutMs: 60_000 },
    );
    const at = Date.now();
    await stack.kill(part, 'SIGKILL');
    await sleep(1000);
    kills.push({ at, restartMs: await restartAndWait(stack, part) });
    since = Date.now();
  }
  await eventually(
    `traffic after restarting ${part}`,
    async () => (enough(since) ? true : undefined),
    { timeoutMs: 60_000 },
  );
  return kills;
}

/** Per kill: the requests under way when it landed, and how long the restart took. */
export const killReport = (shots: Shot<unknown>[], kills: Kill[]) =>
  JSON.stringify(kills.map((k) => ({ inFlight: inFlightAt(shots, k.at), restartMs: k.restartMs })));

/** Requests under way when the process died: sent before, answered after. */
export const inFlightAt = (shots: Shot<unknown>[], at: number) =>
  shots.filter((s) => s.started <= at && s.ended >= at).length;

export const statusCounts = (shots: Shot<unknown>[]) =>
  JSON.stringify(Object.fromEntries(tally(shots.map((s) => String(s.status)))));

const hex = (id: unknown) => String(id);

/** Every key exactly once, and nothing else. */
export function expectExactlyOnce(actual: string[], expected: string[], what: string) {
  const problems = [...tally(actual)]
    .filter(([, n]) => n > 1)
    .map(([k, n]) => `duplicate x${n}: ${k}`);
  const have = new Set(actual);
  const want = new Set(expected);
  problems.push(...[...want].filter((k) => !have.has(k)).map((k) => `missing: ${k}`));
  problems.push(...[...have].filter((k) => !want.has(k)).map((k) => `unexpected: ${k}`));
  expect(problems, what).toEqual([]);
}

/**
 * identity: each user has its three claims, a session, and its referral when referred; every
 * claim, referral, badge and session belongs to a user; the Founders Club counter equals its
 * badges. Returns the users, badges and referrals for the downstream checks.
 */
export async function checkIdentity(db: Db) {
  const all = (name: string) => db.collection(name).find({}).toArray();
  const [users, keys, families, referrals, badges] = await Promise.all(
    ['users', 'user_keys', 'refresh_token_families', 'referrals', 'badges'].map(all),
  );
  const userIds = new Set(users!.map((u) => hex(u._id)));
  const problems: string[] = [];
  const claims = new Map<string, string[]>();
  for (const k of keys!)
    claims.set(hex(k.user_id), [...(claims.get(hex(k.user_id)) ?? []), k._id as unknown as string]);
  const sessions = new Set(families!.map((f) => hex(f.user_id)));
  const referralOf = new Map(referrals!.map((r) => [hex(r.referred_id), r]));
  for (const u of users!) {
    const id = hex(u._id);
    const want = [
      `username:${u.username_lower}`,
      `email:${u.email_lower}`,
      `referral:${u.referral_code}`,
    ].sort();
    if (JSON.stringify((claims.get(id) ?? []).sort()) !== JSON.stringify(want)) {
      problems.push(`${u.username}: claims ${JSON.stringify(claims.get(id))}`);
    }
    if (!sessions.has(id)) problems.push(`${u.username}: no session`);
    const referral = referralOf.get(id);
    if (u.referred_by && hex(referral?.referrer_id) !== hex(u.referred_by)) {
      problems.push(`${u.username}: referred without a referral record`);
    }
    if (!u.referred_by && referral) problems.push(`${u.username}: referral without referred_by`);
  }
  const orphans = (what: string, docs: Document[], field: string) =>
    docs
      .filter((d) => !userIds.has(hex(d[field])))
      .map((d) => `${what} ${hex(d._id)} without its user`);
  problems.push(
    ...orphans('claim', keys!, 'user_id'),
    ...orphans('session', families!, 'user_id'),
    ...orphans('referral', referrals!, 'referred_id'),
    ...orphans('badge', badges!, 'user_id'),
  );
  const builders = new Set(
    badges!.filter((b) => b.badge_type === 'community_builder').map((b) => hex(b.user_id)),
  );
  for (const [referrer, count] of tally(referrals!.map((r) => hex(r.referrer_id)))) {
    if (count >= 3 && !builders.has(referrer))
      problems.push(`${referrer}: ${count} referrals, no badge`);
  }
  const founders = badges!.filter((b) => b.badge_type === 'founders_club').length;
  const counter = await db.collection('counters').findOne({ _id: 'signups' as never });
  if ((counter?.seq ?? 0) !== founders) {
    problems.push(`signup counter ${counter?.seq} but ${founders} Founders Club badges`);
  }
  expect(problems, 'identity: every account whole, nothing without its account').toEqual([]);
  return { users: users!, badges: badges!, referrals: referrals! };
}

/** messaging: one notification per identity event of each account, badge and referral. */
export async function checkSignupNotifications(
  db: Db,
  { users, badges, referrals }: Awaited<ReturnType<typeof checkIdentity>>,
) {
  const notes = await db
    .collection('notifications')
    .find({ type: { $in: ['referral_program_announcement', 'badge_earned', 'referral_success'] } })
    .toArray();
  expectExactlyOnce(
    notes.map((n) => `${n.type}|${hex(n.user_id)}|${n.related_id}`),
    [
      ...users.map((u) => `referral_program_announcement|${hex(u._id)}|null`),
      ...badges.map((b) => `badge_earned|${hex(b.user_id)}|${hex(b._id)}`),
      ...referrals.map((r) => `referral_success|${hex(r.referrer_id)}|${hex(r.referred_id)}`),
    ],
    'sign-up notifications: one per account, badge and referral',
  );
}

/**
 * messaging: every conversation has messages, its unread counters equal its unread messages and
 * its last message is its latest; every message has exactly one notification, and every
 * private-message notification its message. Returns the stored contents.
 */
export async function checkMessaging(db: Db): Promise<Set<string>> {
  const [conversations, messages, notes] = await Promise.all([
    db.collection('conversations').find({}).toArray(),
    db.collection('messages').find({}).sort({ created_at: 1, _id: 1 }).toArray(),
    db.collection('notifications').find({ type: 'private_message' }).toArray(),
  ]);
  const byConversation = new Map<string, Document[]>();
  for (const m of messages) {
    const key = hex(m.conversation_id);
    byConversation.set(key, [...(byConversation.get(key) ?? []), m]);
  }
  const problems: string[] = [];
  const subjects = new Map<string, string>();
  for (const c of conversations) {
    const id = hex(c._id);
    subjects.set(id, c.subject as string);
    const own = byConversation.get(id) ?? [];
    if (own.length === 0) {
      problems.push(`conversation ${id} without a message`);
      continue;
    }
    for (const p of c.participant_ids as unknown[]) {
      const unread = own.filter((m) => hex(m.recipient_id) === hex(p) && !m.is_read).length;
      if ((c.unread?.[hex(p)] ?? 0) !== unread) {
        problems.push(
          `conversation ${id}: unread[${hex(p)}] ${c.unread?.[hex(p)]}, ${unread} unread`,
        );
      }
    }
    const latest = own.at(-1)!;
    if (c.last_message !== String(latest.content).slice(0, 300)) {
      problems.push(`conversation ${id}: last_message is not its latest message`);
    }
  }
  for (const id of byConversation.keys()) {
    if (!subjects.has(id)) problems.push(`messages of a missing conversation ${id}`);
  }
  expect(problems, 'messaging: conversations agree with their messages').toEqual([]);
  expectExactlyOnce(
    notes.map((n) => `${hex(n.user_id)}|${n.related_id}|${n.content}`),
    messages.map(
      (m) =>
        `${hex(m.recipient_id)}|${hex(m.conversation_id)}|${messagePreview(subjects.get(hex(m.conversation_id))!, String(m.content))}`,
    ),
    'private_message: one per message',
  );
  return new Set(messages.map((m) => String(m.content)));
}
