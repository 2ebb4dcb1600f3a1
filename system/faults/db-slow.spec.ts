import { expect, test } from '@playwright/test';
import { eventually, uniqueName, type Api, type ApiResult } from '../../scripts/lib/api-client.js';
import type { SystemStack } from '../lib/system-stack.js';
import { expectExactlyOnce, inFlightAt, statusCounts } from './paired-writes-checks.js';
import type { Shot } from './paired-writes-checks.js';
import {
  PASSWORD,
  attempt,
  ok,
  register,
  sleep,
  startFaultStack,
  type FaultStack,
  type User,
} from './support.js';

/** How long the database stops answering: a long query on the single-threaded dev server. */
const PAUSE_MS = 2_000;
/** One call every this often (~20 a second, 40 sent during the pause). */
const CALL_EVERY_MS = 50;
/** The gateway gives a service this long to answer (UPSTREAM_TIMEOUT_MS). */
const GATEWAY_TIMEOUT_MS = 10_000;

/**
 * Scenario: the database is slow, not dead. Its process is paused (SIGSTOP) for 2 s and then
 * resumed (SIGCONT): its sockets stay open and nothing answers, which is how a server busy with a
 * long operation looks to the driver. Meanwhile users read and write on all three services through
 * the gateway. Every call answers 2xx (none 503: the database guard must not call a slow database
 * down), delayed by at most the pause; each comment written meanwhile is stored once. The dead
 * database, answered 503 at once, is db-outage.spec.ts.
 */
test.describe.serial('database paused for 2 s under load', () => {
  let fault: FaultStack;
  let stack: SystemStack;
  let api: Api;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    fault = await startFaultStack('faults-db-slow', { BCRYPT_ROUNDS: '4' });
    ({ stack, api } = fault);
  });

  test.afterAll(async () => {
    await fault?.stop();
  });

  test('every read and write waits for the paused database and succeeds, none 503', async () => {
    test.setTimeout(120_000);
    const users: User[] = [];
    for (const prefix of ['sla', 'slb', 'slc']) users.push(await register(api, prefix));
    const [alice, bob] = users as [User, User, User];
    const community = (
      await ok<{ community: { id: string } }>(api, 'POST', '/communities', {
        token: alice.token,
        body: {
          name: uniqueName('slc').slice(0, 30),
          description: 'Fault suite.',
          rules: 'Be kind.',
          is_nsfw: false,
        },
      })
    ).community.id;
    const post = (
      await ok<{ post: { id: string } }>(api, 'POST', '/posts', {
        token: alice.token,
        body: { title: 'Slow database', content: 'Body', type: 'text', community_id: community },
      })
    ).post.id;
    // Messaging learns of bob by event: retry until its directory has him.
    const conversation = await eventually('messaging to know bob', async () => {
      const res = await api<{ id: string }>('POST', '/messages/conversations', {
        token: alice.token,
        body: { recipientUsername: bob.username, subject: 'Slow', content: 'Hello' },
      });
      return res.status === 201 ? res.json.id : undefined;
    });

    type Call = { what: string; text?: string; run: () => Promise<ApiResult<unknown>> };
    const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
    const calls: (() => Call)[] = [
      () => ({
        what: 'post list',
        run: () => attempt(api, 'GET', `/posts?community_id=${community}`, { timeoutMs: 20_000 }),
      }),
      () => ({
        what: 'post',
        run: () => attempt(api, 'GET', `/posts/${post}`, { timeoutMs: 20_000 }),
      }),
      () => {
        const text = `During ${uniqueName('c')}`;
        const user = pick(users);
        return {
          what: 'comment',
          text,
          run: () =>
            attempt(api, 'POST', '/comments', {
              token: user.token,
              body: { content: text, post_id: post },
              timeoutMs: 20_000,
            }),
        };
      },
      () => ({
        what: 'me',
        run: () => attempt(api, 'GET', '/auth/me', { token: pick(users).token, timeoutMs: 20_000 }),
      }),
      () => ({
        what: 'login',
        run: () =>
          attempt(api, 'POST', '/auth/login', {
            body: { email: pick(users).username, password: PASSWORD, rememberMe: false },
            timeoutMs: 20_000,
          }),
      }),
      () => ({
        what: 'notifications',
        run: () => attempt(api, 'GET', '/notifications', { token: bob.token, timeoutMs: 20_000 }),
      }),
      () => ({
        what: 'message',
        run: () =>
          attempt(api, 'POST', `/messages/conversations/${conversation}/messages`, {
            token: alice.token,
            body: { content: `During ${uniqueName('m')}` },
            timeoutMs: 20_000,
          }),
      }),
    ];

    // Calls arrive at a steady rate whatever the answers take (open loop, as users do), so some
    // are sent while the database is paused, not only some that were already under way.
    const shots: Shot<Call>[] = [];
    const pending: Promise<void>[] = [];
    const errors = new Map<Call, string>();
    const fire = () => {
      const call = pick(calls)();
      const started = Date.now();
      pending.push(
        call.run().then((res) => {
          if (res.status >= 300) errors.set(call, JSON.stringify(res.json));
          shots.push({ input: call, started, ended: Date.now(), status: res.status });
        }),
      );
    };
    const succeededSince = (at: number) =>
      shots.filter((s) => s.status >= 200 && s.status < 300 && s.started > at).length;
    const ticker = setInterval(fire, CALL_EVERY_MS);
    let pausedAt: number;
    let resumedAt: number;
    try {
      await eventually('traffic before the pause', async () =>
        succeededSince(0) >= 40 ? true : undefined,
      );
      // The whole process group: the dev server is the node process the stack started.
      const pid = stack.proc('devdb').child.pid!;
      pausedAt = Date.now();
      process.kill(-pid, 'SIGSTOP');
      try {
        await sleep(PAUSE_MS);
      } finally {
        process.kill(-pid, 'SIGCONT');
      }
      resumedAt = Date.now();
      await eventually('traffic after the pause', async () =>
        succeededSince(resumedAt) >= 40 ? true : undefined,
      );
    } finally {
      clearInterval(ticker);
      await Promise.all(pending);
    }

    const during = shots.filter((s) => s.started < resumedAt && s.ended >= pausedAt);
    const sentDuring = during.filter((s) => s.started >= pausedAt);
    const ms = (list: Shot<Call>[]) =>
      list.length
        ? `${Math.min(...list.map((s) => s.ended - s.started))}-` +
          `${Math.max(...list.map((s) => s.ended - s.started))} ms`
        : 'none';
    const byWhat = Object.fromEntries(
      [...new Set(shots.map((s) => s.input.what))].map((w) => [
        w,
        statusCounts(shots.filter((s) => s.input.what === w)),
      ]),
    );
    console.log(
      `[faults-db-slow] ${shots.length} calls ${JSON.stringify(byWhat)}; paused ${resumedAt - pausedAt} ms; ` +
        `${inFlightAt(shots, pausedAt)} in flight at the pause answered in ` +
        `${ms(during.filter((s) => s.started < pausedAt))}, ${sentDuring.length} sent during ` +
        `it in ${ms(sentDuring)}; after it: ${ms(shots.filter((s) => s.started >= resumedAt))}`,
    );

    // Delayed, not failed: a slow database is waited for.
    const failed = shots.filter((s) => s.status < 200 || s.status >= 300);
    expect(
      failed.map((s) => `${s.input.what}: ${s.status} ${errors.get(s.input)}`),
      'every call succeeds',
    ).toEqual([]);
    expect(sentDuring.length, 'calls sent while the database was paused').toBeGreaterThan(5);
    const slowest = Math.max(...shots.map((s) => s.ended - s.started));
    expect(slowest, 'within the gateway timeout').toBeLessThan(GATEWAY_TIMEOUT_MS);

    // Each comment answered 201 is stored once.
    const sent = shots.filter((s) => s.input.what === 'comment').map((s) => s.input.text!);
    const stored = await fault
      .db('forum')
      .collection<{ content: string }>('comments')
      .find({ content: { $regex: '^During ' } })
      .project<{ content: string }>({ content: 1 })
      .toArray();
    expectExactlyOnce(
      stored.map((c) => c.content),
      sent,
      'comments stored once',
    );
  });
});
