import { expect, test } from '@playwright/test';
import { MongoClient } from 'mongodb';
import { eventually, uniqueName, type Api, type ApiResult } from '../../scripts/lib/api-client.js';
import type { SystemStack } from '../lib/system-stack.js';
import {
  attempt,
  ok,
  register,
  sleep,
  startFaultStack,
  waitConsumersSettled,
  type FaultStack,
} from './support.js';
import type { User } from './support.js';
import {
  burst,
  checkMessaging,
  expectExactlyOnce,
  inFlightAt,
  statusCounts,
} from './paired-writes-checks.js';
import type { Shot } from './paired-writes-checks.js';
import { checkCommentNotifications, checkForumCounters, checkPoints } from './forum-checks.js';

/** How long the primary is gone: an election takes a few seconds. */
const STEP_DOWN_S = 5;
/** The gateway gives a service this long to answer (UPSTREAM_TIMEOUT_MS). */
const GATEWAY_TIMEOUT_MS = 10_000;

/**
 * Scenario: the database's primary steps down for 5 s (the dev server's replSetStepDown: it
 * answers as a secondary, refuses writes and closes every connection, then is elected again)
 * while users post, comment, reply, vote and message through the gateway. Every write succeeds,
 * delayed rather than failed, within the gateway's timeout; afterwards each is stored once, every
 * counter equals its rows and every event was applied exactly once (notifications, points).
 */
test.describe.serial('primary election of 5 s under writes', () => {
  let fault: FaultStack;
  let stack: SystemStack;
  let api: Api;
  const db = (name: 'identity' | 'forum' | 'messaging') => fault.db(name);

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    fault = await startFaultStack('faults-election', { BCRYPT_ROUNDS: '4' });
    ({ stack, api } = fault);
  });

  test.afterAll(async () => {
    await fault?.stop();
  });

  test('posts, comments, votes and messages during the election all succeed, once each', async () => {
    test.setTimeout(170_000);
    const users: User[] = [];
    for (const prefix of ['ela', 'elb', 'elc', 'eld', 'ele'])
      users.push(await register(api, prefix));
    const owner = users[0]!;
    const home = (
      await ok<{ community: { id: string } }>(api, 'POST', '/communities', {
        token: owner.token,
        body: {
          name: uniqueName('elh').slice(0, 30),
          description: 'Fault suite.',
          rules: 'Be kind.',
          is_nsfw: false,
        },
      })
    ).community.id;
    const posts: { id: string; authorId: string }[] = [];
    const conversations = new Map<string, string[]>();
    for (const [i, u] of users.entries()) {
      if (u !== owner) await ok(api, 'POST', `/communities/${home}/join`, { token: u.token });
      const res = await ok<{ post: { id: string } }>(api, 'POST', '/posts', {
        token: u.token,
        body: { title: `Post of ${u.username}`, content: 'Body', type: 'text', community_id: home },
      });
      posts.push({ id: res.post.id, authorId: u.id });
      // Messaging learns of the recipient by event: retry until it knows them.
      const to = users[(i + 1) % users.length]!;
      const id = await eventually(`messaging to know ${to.username}`, async () => {
        const r = await api<{ id: string }>('POST', '/messages/conversations', {
          token: u.token,
          body: { recipientUsername: to.username, subject: `Chat ${i}`, content: 'Hello' },
        });
        return r.status === 201 ? r.json.id : undefined;
      });
      for (const member of [u, to]) {
        conversations.set(member.id, [...(conversations.get(member.id) ?? []), id]);
      }
    }
    /** Comments that can take a reply (the spec's depth limit: replies to depth 0-2 only). */
    const comments: { id: string; postId: string; depth: number }[] = [];

    type Action = {
      kind: string;
      text?: string;
      run: () => Promise<ApiResult<unknown>>;
      /** The answer's error text, when it failed. */
      error?: string;
    };
    const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
    const kinds: [number, (user: User) => Action][] = [
      [
        4,
        (user) => {
          const text = `During ${uniqueName('c')}`;
          return {
            kind: 'comment',
            text,
            run: async () => {
              const parent = comments.length && Math.random() < 0.4 ? pick(comments) : undefined;
              const postId = parent?.postId ?? pick(posts).id;
              const res = await attempt<{ comment: { id: string } }>(api, 'POST', '/comments', {
                token: user.token,
                body: {
                  content: text,
                  post_id: postId,
                  ...(parent ? { parent_id: parent.id } : {}),
                },
                timeoutMs: 20_000,
              });
              const depth = parent ? parent.depth + 1 : 0;
              if (res.status === 201 && depth < 3) {
                comments.push({ id: res.json.comment.id, postId, depth });
              }
              return res;
            },
          };
        },
      ],
      [
        3,
        (user) => ({
          kind: 'vote',
          run: () => {
            const target = comments.length && Math.random() < 0.4 ? 'comments' : 'posts';
            const id = pick<{ id: string }>(target === 'posts' ? posts : comments).id;
            return attempt(api, 'POST', `/${target}/${id}/vote`, {
              token: user.token,
              body: { vote_type: pick([1, -1]) },
              timeoutMs: 20_000,
            });
          },
        }),
      ],
      [
        1,
        (user) => {
          const text = `During ${uniqueName('p')}`;
          return {
            kind: 'post',
            text,
            run: async () => {
              const res = await attempt<{ post: { id: string } }>(api, 'POST', '/posts', {
                token: user.token,
                body: { title: text, content: 'x', type: 'text', community_id: home },
                timeoutMs: 20_000,
              });
              if (res.status === 201) posts.push({ id: res.json.post.id, authorId: user.id });
              return res;
            },
          };
        },
      ],
      [
        2,
        (user) => {
          const text = `During ${uniqueName('m')}`;
          return {
            kind: 'message',
            text,
            run: () =>
              attempt(
                api,
                'POST',
                `/messages/conversations/${pick(conversations.get(user.id)!)}/messages`,
                {
                  token: user.token,
                  body: { content: text },
                  timeoutMs: 20_000,
                },
              ),
          };
        },
      ],
    ];
    const weight = kinds.reduce((n, [w]) => n + w, 0);
    const next = (): Action => {
      let r = Math.random() * weight;
      for (const [w, make] of kinds) if ((r -= w) < 0) return make(pick(users));
      return kinds[0]![1](pick(users));
    };

    let stopped = false;
    const shots: Shot<Action>[] = [];
    const succeeded = (after: number) =>
      shots.filter((s) => s.status >= 200 && s.status < 300 && s.started > after).length;
    const send = async (action: Action) => {
      const res = await action.run();
      if (res.status >= 300) action.error = JSON.stringify(res.json);
      return res;
    };
    const running = burst(10, next, send, () => stopped, shots);

    await eventually('traffic before the election', async () =>
      succeeded(0) >= 40 ? true : undefined,
    );
    const admin = await MongoClient.connect(stack.mongoUrl, { directConnection: true });
    const steppedDownAt = Date.now();
    await admin.db('admin').command({ replSetStepDown: STEP_DOWN_S, force: true });
    await admin.close();
    const primaryAgainAt = steppedDownAt + STEP_DOWN_S * 1000;
    await sleep(STEP_DOWN_S * 1000);
    await eventually('traffic after the election', async () =>
      succeeded(primaryAgainAt) >= 40 ? true : undefined,
    );
    stopped = true;
    await running;

    // Delayed, not failed.
    const during = shots.filter((s) => s.ended >= steppedDownAt && s.started <= primaryAgainAt);
    const slowest = Math.max(...shots.map((s) => s.ended - s.started));
    const byKind = Object.fromEntries(
      ['comment', 'vote', 'post', 'message'].map((k) => [
        k,
        statusCounts(shots.filter((s) => s.input.kind === k)),
      ]),
    );
    console.log(
      `[faults-election] ${shots.length} writes ${JSON.stringify(byKind)}; ${during.length} ` +
        `overlapped the ${STEP_DOWN_S} s step-down (${inFlightAt(shots, steppedDownAt)} in ` +
        `flight when it began), slowest ${slowest} ms`,
    );
    const failed = shots.filter((s) => s.status < 200 || s.status >= 300);
    expect(
      failed.map((s) => `${s.input.kind}: ${s.status} ${s.input.error}`),
      'every write succeeds',
    ).toEqual([]);
    expect(during.length, 'writes waited through the election').toBeGreaterThan(5);
    expect(slowest, 'within the gateway timeout').toBeLessThan(GATEWAY_TIMEOUT_MS);

    // Nothing duplicated: each write stored once, counters equal rows, events applied once.
    await eventually('outboxes relayed', async () => {
      for (const name of ['identity', 'forum', 'messaging'] as const) {
        if ((await db(name).collection('event_outbox').countDocuments({})) > 0) return undefined;
      }
      return true;
    });
    await waitConsumersSettled(stack, 90_000);
    const rows = await checkForumCounters(db('forum'));
    const sent = (kind: string) =>
      shots.filter((s) => s.input.kind === kind).map((s) => s.input.text!);
    const stored = (texts: unknown[]) => texts.map(String).filter((t) => t.startsWith('During '));
    expectExactlyOnce(
      stored(rows.comments.map((c) => c.content)),
      sent('comment'),
      'comments stored once',
    );
    expectExactlyOnce(stored(rows.posts.map((p) => p.title)), sent('post'), 'posts stored once');
    await eventually(
      'every comment notified once, every vote counted once, every message notified once',
      async () => {
        await checkCommentNotifications(db('messaging'), rows);
        await checkPoints(db('identity'), rows);
        const messages = await checkMessaging(db('messaging'));
        expectExactlyOnce(stored([...messages]), sent('message'), 'messages stored once');
        return true;
      },
      { timeoutMs: 75_000, intervalMs: 1000 },
    );
  });
});
