import { expect } from '@playwright/test';
import type { Api, ApiOptions, ApiResult } from '../../scripts/lib/api-client.js';
import { apiClient, eventually, uniqueName } from '../../scripts/lib/api-client.js';
import { MongoClient, type Db } from 'mongodb';
import { startSystemStack, type StackPart, type SystemStack } from '../lib/system-stack.js';

/** Shared by the fault specs: users, checked calls, readiness polling and notification counts. */

type Json = Record<string, unknown>;

export const PASSWORD = 'Passw0rdPassw0rd';

/** Every spec registers many users from one IP; the production default (10 / 15 min) is for people. */
export const FAULT_STACK_ENV = { AUTH_RATE_LIMIT: '100000' };

export interface User {
  id: string;
  username: string;
  token: string;
  refreshToken: string;
}

/** The call answered 2xx; returns its body. */
export async function ok<T = Json>(
  api: Api,
  method: string,
  path: string,
  options: ApiOptions = {},
): Promise<T> {
  const res = await api<T>(method, path, options);
  if (res.status < 200 || res.status >= 300) {
    throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(res.json)}`);
  }
  return res.json;
}

export async function register(api: Api, prefix: string): Promise<User> {
  const username = uniqueName(prefix);
  const res = await ok<{ user: { id: string }; token: string; refreshToken: string }>(
    api,
    'POST',
    '/auth/register',
    { body: { username, email: `${username.toLowerCase()}@example.test`, password: PASSWORD } },
  );
  return { id: res.user.id, username, token: res.token, refreshToken: res.refreshToken };
}

/**
 * A clean failure: a 4xx, or 503 from the gateway/service while a dependency is down, always with
 * a JSON `{ error: string }` body. Anything else (500, 502, 504, HTML, empty) is a defect.
 */
export function expectCleanFailure(res: ApiResult<unknown>, what: string): void {
  const clean = (res.status >= 400 && res.status < 500) || res.status === 503;
  expect(clean, `${what}: status ${res.status} ${JSON.stringify(res.json)}`).toBe(true);
  const body = res.json as { error?: unknown };
  expect(typeof body.error, `${what}: body ${JSON.stringify(res.json)}`).toBe('string');
  expect((body.error as string).length, `${what}: empty error text`).toBeGreaterThan(0);
}

/** 2xx, or a clean failure; returns whether it succeeded. */
export function expectSuccessOrCleanFailure(res: ApiResult<unknown>, what: string): boolean {
  if (res.status >= 200 && res.status < 300) return true;
  expectCleanFailure(res, what);
  return false;
}

/** A call that must not hang: a network error or timeout becomes status 0 (then fails checks). */
export async function attempt<T = Json>(
  api: Api,
  method: string,
  path: string,
  options: ApiOptions = {},
): Promise<ApiResult<T>> {
  const started = performance.now();
  try {
    return await api<T>(method, path, { timeoutMs: 10_000, ...options });
  } catch (err) {
    return {
      status: 0,
      json: { error: `network failure: ${(err as Error).message}` } as T,
      headers: new Headers(),
      ms: performance.now() - started,
    };
  }
}

type ServiceName = 'identity' | 'forum' | 'messaging';

/** GET <service>/ready straight from the service (the gateway never exposes it). */
export async function readiness(
  stack: SystemStack,
  name: ServiceName,
): Promise<{ status: number; body: { checks?: Record<string, boolean>; error?: string } }> {
  const res = await fetch(`${stack.serviceUrl(name)}/ready`, {
    signal: AbortSignal.timeout(5_000),
  });
  return { status: res.status, body: (await res.json()) as { checks?: Record<string, boolean> } };
}

/** Restarts a killed part and waits (bounded) until it reports ready. */
export async function restartAndWait(
  stack: SystemStack,
  name: StackPart,
  timeoutMs = 60_000,
): Promise<number> {
  const started = Date.now();
  stack.restart(name);
  await waitReady(stack, name, timeoutMs);
  return Date.now() - started;
}

/**
 * Waits (bounded) until a part is ready: a service's or the gateway's /ready answers 200; for the
 * database or NATS, every running service reports that dependency ready again (and NATS's own
 * health endpoint answers).
 */
export async function waitReady(stack: SystemStack, name: StackPart, timeoutMs = 60_000) {
  const services = ['identity', 'forum', 'messaging'] as const;
  await eventually(
    `${name} to be ready`,
    async () => {
      const exit = stack.proc(name).exit;
      if (exit) throw new Error(`${name} exited: ${JSON.stringify(exit)}`);
      if (name === 'devdb' || name === 'nats') {
        if (name === 'nats') {
          const health = await fetch(`${natsMonitorUrl(stack)}/healthz`, {
            signal: AbortSignal.timeout(3_000),
          });
          if (health.status !== 200) return undefined;
        }
        const check = name === 'devdb' ? 'mongo' : 'nats';
        for (const svc of services) {
          if (stack.proc(svc).exit) continue;
          const r = await readiness(stack, svc);
          if (r.body.checks?.[check] !== true) return undefined;
        }
        return true;
      }
      const url = name === 'gateway' ? stack.gatewayUrl : stack.serviceUrl(name);
      const res = await fetch(`${url}/ready`, { signal: AbortSignal.timeout(3_000) });
      return res.status === 200 ? true : undefined;
    },
    { timeoutMs, intervalMs: 200 },
  );
}

export const natsMonitorUrl = (stack: SystemStack) =>
  `http://127.0.0.1:${stack.config.ports.natsMonitor}`;

interface ConsumerState {
  stream: string;
  name: string;
  num_pending: number;
  num_ack_pending: number;
  num_redelivered: number;
}

/** Every JetStream consumer with its backlog, from nats-server's monitoring endpoint. */
export async function jetStreamConsumers(stack: SystemStack): Promise<ConsumerState[]> {
  const res = await fetch(
    `${natsMonitorUrl(stack)}/jsz?accounts=true&streams=true&consumers=true`,
    { signal: AbortSignal.timeout(3_000) },
  );
  const body = (await res.json()) as {
    account_details?: {
      stream_detail?: {
        name: string;
        consumer_detail?: {
          name: string;
          num_pending: number;
          num_ack_pending: number;
          num_redelivered: number;
        }[];
      }[];
    }[];
  };
  const out: ConsumerState[] = [];
  for (const account of body.account_details ?? []) {
    for (const stream of account.stream_detail ?? []) {
      for (const c of stream.consumer_detail ?? []) {
        out.push({
          stream: stream.name,
          name: c.name,
          num_pending: c.num_pending,
          num_ack_pending: c.num_ack_pending,
          num_redelivered: c.num_redelivered,
        });
      }
    }
  }
  return out;
}

/**
 * Waits until every consumer has handled and acked everything (no backlog, nothing awaiting an
 * ack or a redelivery): after that no late duplicate can still arrive.
 */
export async function waitConsumersSettled(
  stack: SystemStack,
  timeoutMs = 60_000,
): Promise<ConsumerState[]> {
  let last: ConsumerState[] = [];
  try {
    return await eventually(
      'every JetStream consumer to be drained and acked',
      async () => {
        last = await jetStreamConsumers(stack);
        if (last.length === 0) return undefined;
        return last.every((c) => c.num_pending === 0 && c.num_ack_pending === 0) ? last : undefined;
      },
      { timeoutMs, intervalMs: 500 },
    );
  } catch (err) {
    throw new Error(`${(err as Error).message}: ${JSON.stringify(last)}`, { cause: err });
  }
}

export interface NotificationItem {
  id: string;
  type: string;
  title: string;
  content: string;
  related_id: string | null;
  post_id: string | null;
  is_read: boolean;
}

/** Every notification of the user (all pages, 50 at a time). */
export async function allNotifications(api: Api, token: string): Promise<NotificationItem[]> {
  const out: NotificationItem[] = [];
  for (let page = 1; page < 100; page++) {
    const body = await ok<{ notifications: NotificationItem[]; hasMore: boolean }>(
      api,
      'GET',
      `/notifications?page=${page}&limit=50`,
      { token },
    );
    out.push(...body.notifications);
    if (!body.hasMore) return out;
  }
  throw new Error('more than 100 pages of notifications');
}

/** Counts occurrences of each key. */
export function tally(keys: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const k of keys) counts.set(k, (counts.get(k) ?? 0) + 1);
  return counts;
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Spec §5: what the notification shows of a message: `${subject}: ${preview}`. */
export const messagePreview = (subject: string, content: string) =>
  `${subject}: ${content.slice(0, 200)}`;

/** The comment preview forum puts in the event (200 characters, ellipsis). */
export const commentPreview = (postTitle: string, content: string) =>
  `"${postTitle}": ${content.length > 200 ? `${content.slice(0, 199)}…` : content}`;

/** How notifications are told apart: one per comment, per message, per welcome, per voted item. */
export function notificationKey(n: Pick<NotificationItem, 'type' | 'related_id' | 'content'>) {
  switch (n.type) {
    case 'private_message':
      // related_id is the conversation; the text holds the (unique) message.
      return `${n.type}|${n.related_id}|${n.content}`;
    case 'referral_program_announcement':
      return n.type;
    default:
      return `${n.type}|${n.related_id}`;
  }
}

/**
 * The notifications each user must end up with (exactly once each), plus ones that may or may not
 * exist (a write whose answer was lost when a process died: it may have been stored).
 */
export class NotificationLedger {
  private readonly required = new Map<string, Set<string>>();
  private readonly optional = new Map<string, Set<string>>();

  expect(userId: string, n: Pick<NotificationItem, 'type' | 'related_id' | 'content'>): void {
    const key = notificationKey(n);
    const set = this.required.get(userId) ?? new Set<string>();
    if (set.has(key)) throw new Error(`ledger: ${key} expected twice for ${userId}`);
    set.add(key);
    this.required.set(userId, set);
  }

  maybe(userId: string, n: Pick<NotificationItem, 'type' | 'related_id' | 'content'>): void {
    const set = this.optional.get(userId) ?? new Set<string>();
    set.add(notificationKey(n));
    this.optional.set(userId, set);
  }

  /** Expected notifications of a comment (forum's rules: author, parent author, subscribers). */
  expectComment(c: {
    commentId: string;
    authorId: string;
    postAuthorId: string;
    parentAuthorId?: string | undefined;
    subscriberIds?: string[];
  }): void {
    const told = new Set<string>([c.authorId]);
    const tell = (userId: string, type: string) => {
      if (told.has(userId)) return;
      told.add(userId);
      this.expect(userId, { type, related_id: c.commentId, content: '' });
    };
    if (c.parentAuthorId) tell(c.parentAuthorId, 'reply_to_comment');
    else tell(c.postAuthorId, 'reply_to_post');
    // Post authors are subscribed to their own posts.
    for (const id of [c.postAuthorId, ...(c.subscriberIds ?? [])]) tell(id, 'post_comment');
  }

  requiredCount(userId?: string): number {
    if (userId) return this.required.get(userId)?.size ?? 0;
    return [...this.required.values()].reduce((n, s) => n + s.size, 0);
  }

  /** What is missing (required but absent) for each user, given their notifications. */
  missing(userId: string, actual: NotificationItem[]): string[] {
    const have = new Set(actual.map(notificationKey));
    return [...(this.required.get(userId) ?? [])].filter((k) => !have.has(k));
  }

  /** Every problem: duplicates, unexpected ones, missing ones. Empty = exactly once each. */
  problems(userId: string, actual: NotificationItem[]): string[] {
    const out: string[] = [];
    const required = this.required.get(userId) ?? new Set<string>();
    const optional = this.optional.get(userId) ?? new Set<string>();
    for (const [key, count] of tally(actual.map(notificationKey))) {
      if (count > 1) out.push(`duplicate x${count}: ${key}`);
      if (!required.has(key) && !optional.has(key)) out.push(`unexpected: ${key}`);
    }
    for (const key of this.missing(userId, actual)) out.push(`missing: ${key}`);
    return out;
  }
}

/** Counts of each notification type over all users (for the report). */
export function countByType(all: NotificationItem[]): Record<string, number> {
  return Object.fromEntries(tally(all.map((n) => n.type)));
}

/**
 * The end state of the events: waits (bounded) until every required notification has arrived,
 * then until no consumer has anything left to (re)deliver, then checks that each user has exactly
 * the ledger's notifications, once each. Returns them all and the time the arrival took.
 */
export async function verifyExactlyOnce(
  stack: SystemStack,
  api: Api,
  ledger: NotificationLedger,
  users: User[],
  { timeoutMs = 75_000 } = {},
): Promise<{ all: NotificationItem[]; arrivedMs: number }> {
  const started = Date.now();
  let missing: string[] = [];
  try {
    await eventually(
      'every expected notification',
      async () => {
        missing = [];
        for (const u of users) {
          const got = await allNotifications(api, u.token);
          missing.push(...ledger.missing(u.id, got).map((k) => `${u.username}: ${k}`));
        }
        return missing.length === 0 ? true : undefined;
      },
      { timeoutMs, intervalMs: 500 },
    );
  } catch (err) {
    throw new Error(
      `${(err as Error).message}; still missing ${missing.length}: ${missing.slice(0, 20).join('; ')}`,
      { cause: err },
    );
  }
  const arrivedMs = Date.now() - started;
  await waitConsumersSettled(stack, timeoutMs);
  const all: NotificationItem[] = [];
  const problems: string[] = [];
  for (const u of users) {
    const got = await allNotifications(api, u.token);
    all.push(...got);
    problems.push(...ledger.problems(u.id, got).map((p) => `${u.username}: ${p}`));
  }
  expect(problems, 'notifications differ from exactly-once').toEqual([]);
  return { all, arrivedMs };
}

/** A spec's stack with its API client and a client of its databases. */
export interface FaultStack {
  stack: SystemStack;
  api: Api;
  /** A service's database by its short name ('forum'), with the stack's prefix. */
  db(name: 'identity' | 'forum' | 'messaging'): Db;
  stop(): Promise<void>;
}

/** startSystemStack (with FAULT_STACK_ENV and `extraEnv`), the API client and a MongoClient. */
export async function startFaultStack(
  label: string,
  extraEnv: Record<string, string> = {},
): Promise<FaultStack> {
  const stack = await startSystemStack({ label, extraEnv: { ...FAULT_STACK_ENV, ...extraEnv } });
  const mongo = await MongoClient.connect(stack.mongoUrl);
  return {
    stack,
    api: apiClient(stack.gatewayUrl),
    db: (name) => mongo.db(`${stack.config.dbPrefix ?? ''}${name}`),
    async stop() {
      await mongo.close();
      await stack.stop();
    },
  };
}
