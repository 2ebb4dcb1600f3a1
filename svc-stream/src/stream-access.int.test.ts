import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostTexts, StreamTexts } from '@forum/contracts';
import { createAuth, createLogger } from '@forum/service-kit';
import { contractRoutesOf, servedRoutes } from '@forum/service-kit/testing';
import { createStreamApp } from './app.js';
import type { RunningStream } from './server.js';
import { newId, newMessage, startHarness, type Harness } from './test-support/harness.js';

// Who may open GET /api/stream (EXTENSIONS §L), and what the opening answers.

let h: Harness;
let svc: RunningStream;
beforeAll(async () => {
  h = await startHarness();
  svc = await h.start();
});
afterAll(() => h?.close());

describe('GET /api/stream: who may open', () => {
  it('serves exactly its contract route', () => {
    const auth = createAuth({ publicKey: h.keys.publicPem });
    const { app } = createStreamApp({
      logger: createLogger({ name: 'routes-test', level: 'silent' }),
      auth,
      forum: { postAccess: () => Promise.reject(new Error('unused')) },
      messaging: { unreadCounts: () => Promise.reject(new Error('unused')) },
      heartbeatMs: 60_000,
      maxBufferBytes: 1024,
    });
    expect(servedRoutes(app, auth)).toEqual(contractRoutesOf('stream'));
  });

  it('answers 401 without a token and without a post', async () => {
    const res = await h.open(svc);
    expect([res.status, res.error]).toEqual([401, { error: StreamTexts.signInRequired }]);
  });

  it('answers 401 to a bad or expired token, with or without a post', async () => {
    const user = await h.user();
    const expired = await h.keys.sign({ id: user.id }, { expiresIn: -10 });
    const postId = newId();
    h.forum.posts.set(postId, 'public');
    for (const token of ['not-a-jwt', expired]) {
      for (const post of [undefined, postId]) {
        const res = await h.open(svc, { token, post });
        expect([res.status, res.error]).toEqual([401, { error: 'Invalid or expired token' }]);
      }
    }
  });

  it('answers 400 to an invalid post id', async () => {
    const res = await h.open(svc, { post: 'not-an-id' });
    expect(res.status).toBe(400);
  });

  it('opens for a signed-in caller with the event-stream headers and the unread counts first', async () => {
    const user = await h.user();
    h.messaging.counts.set(user.id, { notifications: 3, messages: 2 });
    const stream = await h.open(svc, { token: user.token });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('cache-control')).toBe('no-store');
    expect(stream.headers.get('x-accel-buffering')).toBe('no');
    expect(stream.headers.get('x-request-id')).toBeTruthy();
    await stream.next((e) => e.event === 'unread');
    expect(stream.events[0]).toEqual({ event: 'unread', data: { notifications: 3, messages: 2 } });
    // Messaging was asked with the caller's own token.
    const calls = h.messaging.calls.filter((c) => c.userId === user.id);
    expect(calls.map((c) => c.path).sort()).toEqual([
      '/api/messages/unread-count',
      '/api/notifications/unread-count',
    ]);
    expect(calls.every((c) => c.authorization === `Bearer ${user.token}`)).toBe(true);
    stream.close();
  });

  it("answers messaging's 401 when the account is refused there (deactivated)", async () => {
    const user = await h.user();
    h.messaging.refused.add(user.id);
    const res = await h.open(svc, { token: user.token });
    expect([res.status, res.error]).toEqual([401, { error: 'Account is deactivated' }]);
  });

  it('opens without unread counts while messaging is down, and says so in the log', async () => {
    const user = await h.user();
    h.messaging.down = true;
    try {
      const stream = await h.open(svc, { token: user.token });
      expect(stream.status).toBe(200);
      const message = newMessage(newId());
      const { conversation_id } = message;
      h.live.publish({ type: 'message', user_id: user.id, conversation_id, message });
      await stream.next((e) => e.event === 'message');
      expect(stream.events.map((e) => e.event)).toEqual(['message']);
      expect(h.logs.some((l) => String(l.msg).includes('messaging unavailable'))).toBe(true);
      stream.close();
    } finally {
      h.messaging.down = false;
    }
  });

  it("opens a post stream for a visitor, and refuses NSFW and missing posts with forum's text", async () => {
    const publicPost = newId();
    const nsfwPost = newId();
    h.forum.posts.set(publicPost, 'public');
    h.forum.posts.set(nsfwPost, 'nsfw');

    const visitor = await h.open(svc, { post: publicPost });
    expect(visitor.status).toBe(200);
    visitor.close();

    const nsfw = await h.open(svc, { post: nsfwPost });
    expect([nsfw.status, nsfw.error]).toEqual([403, { error: PostTexts.nsfwSignUp }]);
    const missing = await h.open(svc, { post: newId() });
    expect([missing.status, missing.error]).toEqual([404, { error: PostTexts.notFound }]);

    // Signed in, forum lets the caller read it (the token is passed on).
    const user = await h.user();
    const member = await h.open(svc, { token: user.token, post: nsfwPost });
    expect(member.status).toBe(200);
    member.close();
  });

  it('answers 503 when forum cannot say whether the post may be read', async () => {
    const post = newId();
    h.forum.posts.set(post, 'public');
    h.forum.down = true;
    try {
      const res = await h.open(svc, { post });
      expect([res.status, res.error]).toEqual([503, { error: 'Service unavailable' }]);
    } finally {
      h.forum.down = false;
    }
  });
});
