import { expect, test } from '@playwright/test';
import { apiClient, eventually, uniqueName, type Api } from '../../scripts/lib/api-client.js';
import { startSystemStack, type SystemStack } from '../lib/system-stack.js';
import {
  FAULT_STACK_ENV,
  NotificationLedger,
  PASSWORD,
  attempt,
  countByType,
  messagePreview,
  ok,
  readiness,
  sleep,
  verifyExactlyOnce,
  waitReady,
  type User,
} from './support.js';
import { Forum } from './workload.js';

/** The outage the issue asks for. */
const OUTAGE_MS = 30_000;

/**
 * Scenario 2: nats-server is gone for 30 s while people register, post, comment, vote and message.
 * Every write succeeds or fails cleanly without hanging; once NATS is back every event of a
 * successful write is delivered exactly once (notifications, points, the user directories).
 */
test.describe.serial('NATS outage of 30 s', () => {
  let stack: SystemStack;
  let api: Api;
  let users: User[];
  let forum: Forum;
  let community: { id: string; name: string };
  const ledger = new NotificationLedger();

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    stack = await startSystemStack({ label: 'faults-nats', extraEnv: FAULT_STACK_ENV });
    api = apiClient(stack.gatewayUrl);
    ({ forum, users, community } = await Forum.populate(api, ledger, ['nta', 'ntb', 'ntc', 'ntd']));
    // Start from a quiet system: everything so far delivered.
    await verifyExactlyOnce(stack, api, ledger, users);
  });

  test.afterAll(async () => {
    await stack?.stop();
  });

  test('writes during the outage succeed or fail cleanly; afterwards every event arrives exactly once', async () => {
    test.setTimeout(170_000);
    const scoreBefore = new Map<string, number>();
    for (const u of users) {
      const { user } = await ok<{ user: { total_score: number } }>(
        api,
        'GET',
        `/auth/user/${u.username}`,
      );
      scoreBefore.set(u.id, user.total_score);
    }

    await stack.kill('nats', 'SIGKILL');
    const outageStarted = Date.now();
    forum.phase = 'outage';
    for (const svc of ['identity', 'forum', 'messaging'] as const) {
      await eventually(`${svc} to report NATS down`, async () => {
        const r = await readiness(stack, svc);
        return r.status === 503 && r.body.checks?.nats === false ? true : undefined;
      });
    }

    let stopped = false;
    const workers = users.map((u) => forum.work(u, () => stopped, 1500));

    // New accounts while NATS is down.
    const newcomers: User[] = [];
    for (const prefix of ['ntnew', 'ntnewer']) {
      const username = uniqueName(prefix);
      const res = await attempt<{ user: { id: string }; token: string; refreshToken: string }>(
        api,
        'POST',
        '/auth/register',
        {
          body: {
            username,
            email: `${username.toLowerCase()}@example.test`,
            password: PASSWORD,
          },
        },
      );
      forum.note('register', username, 'outage', res);
      if (res.status === 201) {
        newcomers.push({
          id: res.json.user.id,
          username,
          token: res.json.token,
          refreshToken: res.json.refreshToken,
        });
      }
    }
    expect(
      newcomers,
      'registration works without NATS (the event waits in the outbox)',
    ).toHaveLength(2);

    // Votes: each user upvotes every other user's post and two comments of others.
    const upvoters = new Map<string, Set<string>>();
    const votes: Promise<unknown>[] = [];
    for (const u of users) {
      const targets = [
        ...forum.posts
          .filter((p) => p.authorId !== u.id)
          .map((p) => ({ kind: 'post' as const, id: p.id, authorId: p.authorId })),
        ...forum.comments
          .filter((c) => c.authorId !== u.id)
          .slice(0, 2)
          .map((c) => ({ kind: 'comment' as const, id: c.id, authorId: c.authorId })),
      ];
      for (const t of targets) {
        votes.push(
          forum.upvote(u, t).then((o) => {
            if (o.status !== 200 && o.status !== 201) return;
            const key = `${t.kind}|${t.id}|${t.authorId}`;
            upvoters.set(key, (upvoters.get(key) ?? new Set()).add(u.id));
          }),
        );
      }
    }
    await Promise.all(votes);

    // A newcomer can already join and post (forum records the caller from the token) ...
    const first = newcomers[0]!;
    const joined = await attempt(api, 'POST', `/communities/${community.id}/join`, {
      token: first.token,
    });
    forum.note('post', first, 'outage', joined);
    const early = await attempt(api, 'POST', '/posts', {
      token: first.token,
      body: {
        title: `Posted during the outage ${forum.next()}`,
        content: 'Without NATS',
        type: 'text',
        community_id: community.id,
      },
    });
    forum.note('post', first, 'outage', early);
    // ... but messaging has not heard of them yet: a clean 404, nothing stored.
    const tooEarly = await attempt(api, 'POST', '/messages/conversations', {
      token: users[0]!.token,
      body: { recipientUsername: first.username, subject: 'Too early', content: 'Hello?' },
    });
    const tooEarlyOutcome = forum.note('message', users[0]!, 'outage', tooEarly);
    expect([201, 404], JSON.stringify(tooEarly.json)).toContain(tooEarly.status);
    if (tooEarly.status === 201) {
      ledger.expect(first.id, {
        type: 'private_message',
        related_id: (tooEarly.json as { id: string }).id,
        content: messagePreview('Too early', 'Hello?'),
      });
    }

    // Keep writing until the outage has lasted its 30 s.
    await sleep(Math.max(0, OUTAGE_MS - (Date.now() - outageStarted)));
    stopped = true;
    await Promise.all(workers);
    forum.phase = 'back';
    const backAt = Date.now();
    stack.restart('nats');
    await waitReady(stack, 'nats', 60_000);
    const natsReadyMs = Date.now() - backAt;
    console.log(
      `[faults-nats] NATS was down ${backAt - outageStarted} ms; services reconnected ${natsReadyMs} ms after its restart. Outcomes:\n  ${forum.summary()}`,
    );

    // Every write succeeded or failed cleanly, none hung.
    for (const o of forum.outcomes) {
      expect(o.status, `${o.kind} by ${o.user}: ${o.status} ${o.error}`).not.toBe(0);
      expect(o.ms, `${o.kind} by ${o.user} took ${Math.round(o.ms)} ms`).toBeLessThan(5000);
      if (o.status >= 300) {
        expect(
          o.status < 500 || o.status === 503,
          `${o.kind} by ${o.user}: ${o.status} ${o.error}`,
        ).toBe(true);
        expect(o.error, `${o.kind} error text`).toBeTruthy();
      }
    }
    // With the outbox, none of these writes needs NATS: all of them were accepted.
    const refused = forum.outcomes.filter((o) => o.status >= 300 && o !== tooEarlyOutcome);
    expect(refused.map((o) => `${o.kind} ${o.status} ${o.error}`)).toEqual([]);
    expect(
      forum.count((o) => o.kind === 'message' && o.status === 201),
      'messages sent during the outage',
    ).toBeGreaterThan(10);

    // The newcomers reach the other services once NATS is back ...
    for (const n of newcomers) await forum.expectSignupNotifications(n);
    const reached = await forum.openConversation(users[1]!, first, 30_000);
    expect(reached.id).toBeTruthy();
    await ok(api, 'POST', `/communities/${community.id}/join`, { token: newcomers[1]!.token });
    await ok(api, 'POST', '/posts', {
      token: newcomers[1]!.token,
      body: {
        title: `Posted after the outage ${forum.next()}`,
        content: 'With NATS',
        type: 'text',
        community_id: community.id,
      },
    });
    // ... and their own events (welcome, badges) arrive, as does everything else, exactly once.
    for (const [key] of upvoters) {
      const [kind, id, authorId] = key.split('|') as ['post' | 'comment', string, string];
      ledger.expect(authorId, { type: `${kind}_vote`, related_id: id, content: '' });
    }
    const everyone = [...users, ...newcomers];
    const { all, arrivedMs } = await verifyExactlyOnce(stack, api, ledger, everyone);

    // Coalesced vote notifications count each upvote once.
    for (const [key, voters] of upvoters) {
      const [kind, id] = key.split('|') as ['post' | 'comment', string];
      const n = all.find((x) => x.type === `${kind}_vote` && x.related_id === id)!;
      const expected = voters.size === 1 ? 'an upvote' : `${voters.size} upvotes`;
      expect(n.title, `${kind} ${id}`).toBe(`Your ${kind} received ${expected}`);
    }
    // Points (identity consumes the vote events) moved once per upvote.
    const received = new Map<string, number>();
    for (const [key, voters] of upvoters) {
      const authorId = key.split('|')[2]!;
      received.set(authorId, (received.get(authorId) ?? 0) + voters.size);
    }
    for (const u of users) {
      const want = scoreBefore.get(u.id)! + (received.get(u.id) ?? 0);
      await eventually(
        `${u.username}'s points to reach ${want}`,
        async () => {
          const { user } = await ok<{ user: { total_score: number } }>(
            api,
            'GET',
            `/auth/user/${u.username}`,
          );
          if (user.total_score > want) throw new Error(`points ${user.total_score} > ${want}`);
          return user.total_score === want ? true : undefined;
        },
        { timeoutMs: 30_000 },
      );
    }
    console.log(
      `[faults-nats] after NATS came back: ${all.length} notifications exactly once within ${arrivedMs} ms ` +
        `(${JSON.stringify(countByType(all))}); ${upvoters.size} voted items, points exact`,
    );
  });
});
