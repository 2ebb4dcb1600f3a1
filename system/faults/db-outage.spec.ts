import { expect, test } from '@playwright/test';
import { apiClient, eventually, uniqueName, type Api } from '../../scripts/lib/api-client.js';
import { startSystemStack, type SystemStack } from '../lib/system-stack.js';
import {
  FAULT_STACK_ENV,
  PASSWORD,
  attempt,
  ok,
  readiness,
  register,
  waitReady,
  type User,
} from './support.js';

/**
 * Scenario 3: the database goes away. Every request that needs it is answered 503 {error} within
 * a second (no buffering until some driver timeout), each service's /ready says mongo: false, and
 * once the same database is back the services recover on their own (same processes) with the data
 * written before the stop intact.
 */
test.describe.serial('database outage', () => {
  let stack: SystemStack;
  let api: Api;
  let alice: User;
  let bob: User;
  let community: { id: string; name: string };
  let post: { id: string; title: string };
  let comment: { id: string; content: string };
  let conversation: { id: string; subject: string };
  const pids: Partial<Record<string, number | undefined>> = {};

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    stack = await startSystemStack({ label: 'faults-db', extraEnv: FAULT_STACK_ENV });
    api = apiClient(stack.gatewayUrl);
    alice = await register(api, 'dbalice');
    bob = await register(api, 'dbbob');
    const name = uniqueName('dbc').slice(0, 30);
    community = (
      await ok<{ community: { id: string; name: string } }>(api, 'POST', '/communities', {
        token: alice.token,
        body: {
          name,
          description: 'Data written before the outage.',
          rules: 'Be kind.',
          is_nsfw: false,
        },
      })
    ).community;
    const title = `Before the outage ${uniqueName('p')}`;
    post = {
      id: (
        await ok<{ post: { id: string } }>(api, 'POST', '/posts', {
          token: alice.token,
          body: {
            title,
            content: 'Written before the DB stopped.',
            type: 'text',
            community_id: community.id,
          },
        })
      ).post.id,
      title,
    };
    const content = `A comment from before ${uniqueName('c')}`;
    comment = {
      id: (
        await ok<{ comment: { id: string } }>(api, 'POST', '/comments', {
          token: bob.token,
          body: { content, post_id: post.id },
        })
      ).comment.id,
      content,
    };
    const subject = `Before ${uniqueName('s')}`;
    // Messaging learns of bob by event: retry until its directory has him.
    conversation = {
      id: await eventually('messaging to know bob', async () => {
        const res = await api<{ id: string }>('POST', '/messages/conversations', {
          token: alice.token,
          body: { recipientUsername: bob.username, subject, content: 'Hello before the outage' },
        });
        return res.status === 201 || res.status === 200 ? res.json.id : undefined;
      }),
      subject,
    };
    for (const name of ['identity', 'forum', 'messaging', 'gateway'] as const) {
      pids[name] = stack.proc(name).child.pid;
    }
  });

  test.afterAll(async () => {
    await stack?.stop();
  });

  test('DB down: 503 {error} within 1 s everywhere, /ready mongo false; back: recovers by itself, data intact', async () => {
    test.setTimeout(120_000);
    // One test in two steps: a slow answer (soft) must not skip the recovery check.
    await test.step('with the DB down', async () => {
      await stack.kill('devdb');

      // Each call needs the database of the service that owns it.
      const calls: {
        what: string;
        method: string;
        path: string;
        token?: string;
        body?: unknown;
      }[] = [
        {
          what: 'identity: login',
          method: 'POST',
          path: '/auth/login',
          body: { email: alice.username, password: PASSWORD, rememberMe: false },
        },
        { what: 'identity: me', method: 'GET', path: '/auth/me', token: alice.token },
        { what: 'identity: profile', method: 'GET', path: `/auth/user/${bob.username}` },
        { what: 'forum: post list', method: 'GET', path: `/posts?community_id=${community.id}` },
        { what: 'forum: post', method: 'GET', path: `/posts/${post.id}`, token: alice.token },
        {
          what: 'forum: new comment',
          method: 'POST',
          path: '/comments',
          token: alice.token,
          body: { content: 'During the outage', post_id: post.id },
        },
        { what: 'forum: communities', method: 'GET', path: '/communities' },
        {
          what: 'messaging: notifications',
          method: 'GET',
          path: '/notifications',
          token: bob.token,
        },
        {
          what: 'messaging: conversations',
          method: 'GET',
          path: '/messages/conversations',
          token: alice.token,
        },
        {
          what: 'messaging: reply',
          method: 'POST',
          path: `/messages/conversations/${conversation.id}/messages`,
          token: alice.token,
          body: { content: 'During the outage' },
        },
      ];

      const results: string[] = [];
      // Twice: the first call after the loss and one once the services have noticed it.
      for (const round of [1, 2]) {
        for (const call of calls) {
          const res = await attempt(api, call.method, call.path, {
            ...(call.token ? { token: call.token } : {}),
            ...(call.body !== undefined ? { body: call.body } : {}),
            timeoutMs: 15_000,
          });
          results.push(`${call.what} (round ${round}): ${res.status} in ${Math.round(res.ms)} ms`);
          expect.soft(res.status, `${call.what}: ${JSON.stringify(res.json)}`).toBe(503);
          expect
            .soft(typeof (res.json as { error?: unknown }).error, `${call.what} error body`)
            .toBe('string');
          expect
            .soft(res.ms, `${call.what} answered in ${Math.round(res.ms)} ms`)
            .toBeLessThan(1000);
        }
      }
      console.log(`[faults-db] with the DB down:\n  ${results.join('\n  ')}`);

      for (const name of ['identity', 'forum', 'messaging'] as const) {
        const started = performance.now();
        const ready = await readiness(stack, name);
        const ms = performance.now() - started;
        console.log(`[faults-db] ${name} /ready: ${ready.status} in ${Math.round(ms)} ms`);
        expect.soft(ready.status, `${name} /ready ${JSON.stringify(ready.body)}`).toBe(503);
        expect.soft(ready.body.checks?.mongo, `${name} /ready checks`).toBe(false);
        expect.soft(typeof ready.body.error, `${name} /ready error`).toBe('string');
      }
      // The probes that need no database keep answering: the process is alive, not wedged.
      for (const name of ['identity', 'forum', 'messaging'] as const) {
        const res = await fetch(`${stack.serviceUrl(name)}/health`, {
          signal: AbortSignal.timeout(2000),
        });
        expect.soft(res.status, `${name} /health`).toBe(200);
      }
    });

    await test.step('after the DB is back', async () => {
      const started = Date.now();
      stack.restart('devdb');
      await waitReady(stack, 'devdb', 60_000);
      const readyMs = Date.now() - started;

      // Requests succeed again within a bounded time, through the gateway.
      await eventually(
        'login to succeed again',
        async () => {
          const res = await attempt(api, 'POST', '/auth/login', {
            body: { email: alice.username, password: PASSWORD, rememberMe: false },
          });
          return res.status === 200 ? true : undefined;
        },
        { timeoutMs: 30_000 },
      );
      await eventually(
        'forum and messaging to answer again',
        async () => {
          const [posts, notes] = await Promise.all([
            attempt(api, 'GET', `/posts/${post.id}`),
            attempt(api, 'GET', '/notifications', { token: bob.token }),
          ]);
          return posts.status === 200 && notes.status === 200 ? true : undefined;
        },
        { timeoutMs: 30_000 },
      );
      const recoveredMs = Date.now() - started;
      console.log(
        `[faults-db] DB restarted: services ready after ${readyMs} ms, requests served after ${recoveredMs} ms`,
      );

      // Nothing was restarted behind our back.
      for (const name of ['identity', 'forum', 'messaging', 'gateway'] as const) {
        expect(stack.proc(name).child.pid, `${name} kept running`).toBe(pids[name]);
        expect(stack.proc(name).exit, `${name} exit`).toBeUndefined();
      }

      // The data written before the stop is all there.
      const me = await ok<{ user: { username: string } }>(api, 'GET', '/auth/me', {
        token: alice.token,
      });
      expect(me.user.username).toBe(alice.username);
      const gotPost = await ok<{ post: { title: string; comment_count: number } }>(
        api,
        'GET',
        `/posts/${post.id}`,
      );
      expect(gotPost.post.title).toBe(post.title);
      const comments = await ok<{ comments: { id: string; content: string }[] }>(
        api,
        'GET',
        `/comments/post/${post.id}?sortBy=new&limit=50`,
      );
      expect(comments.comments.map((c) => c.content)).toContain(comment.content);
      const thread = await ok<{ subject: string; messages: { content: string }[] }>(
        api,
        'GET',
        `/messages/conversations/${conversation.id}`,
        { token: bob.token },
      );
      expect(thread.subject).toBe(conversation.subject);
      expect(thread.messages.map((m) => m.content)).toContain('Hello before the outage');
      const community2 = await ok<{ community: { id: string } }>(
        api,
        'GET',
        `/communities/name/${community.name}`,
      );
      expect(community2.community.id).toBe(community.id);

      // And new writes work on every service.
      await ok(api, 'POST', '/comments', {
        token: alice.token,
        body: { content: 'After the outage', post_id: post.id },
      });
      await ok(api, 'POST', `/messages/conversations/${conversation.id}/messages`, {
        token: alice.token,
        body: { content: 'After the outage' },
      });
      await register(api, 'dbafter');
      for (const name of ['identity', 'forum', 'messaging'] as const) {
        const ready = await readiness(stack, name);
        expect(ready.status, `${name} /ready`).toBe(200);
      }
    });
  });
});
