import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStream } from './server.js';
import {
  newId,
  newMessage,
  newNotification,
  startHarness,
  type Harness,
} from './test-support/harness.js';

// Each event type reaches the right streams (EXTENSIONS §L), on every instance.

let h: Harness;
let svc: RunningStream;
beforeAll(async () => {
  h = await startHarness();
  svc = await h.start();
});
afterAll(() => h?.close());

const unreadOf = (data: unknown) => data as { notifications: number; messages: number };

describe('events on GET /api/stream', () => {
  it('sends a notification, then the fresh unread counts', async () => {
    const user = await h.user();
    const stream = await h.open(svc, { token: user.token });
    await stream.next((e) => e.event === 'unread', 'the first unread');

    const notification = newNotification();
    h.messaging.counts.set(user.id, { notifications: 1, messages: 0 });
    h.live.publish({ type: 'notification', user_id: user.id, notification });
    await stream.next((e) => e.event === 'unread' && unreadOf(e.data).notifications === 1);
    expect(stream.events.slice(1)).toEqual([
      { event: 'notification', data: notification },
      { event: 'unread', data: { notifications: 1, messages: 0 } },
    ]);
    stream.close();
  });

  it('sends a message with its conversation, then the fresh unread counts', async () => {
    const user = await h.user();
    const stream = await h.open(svc, { token: user.token });
    await stream.next((e) => e.event === 'unread', 'the first unread');

    const message = newMessage(newId());
    h.messaging.counts.set(user.id, { notifications: 0, messages: 4 });
    h.live.publish({
      type: 'message',
      user_id: user.id,
      conversation_id: message.conversation_id,
      message,
    });
    await stream.next((e) => e.event === 'unread' && unreadOf(e.data).messages === 4);
    expect(stream.events.slice(1)).toEqual([
      { event: 'message', data: { conversation_id: message.conversation_id, message } },
      { event: 'unread', data: { notifications: 0, messages: 4 } },
    ]);
    stream.close();
  });

  it('sends the counts alone for an unread hint (read elsewhere)', async () => {
    const user = await h.user();
    h.messaging.counts.set(user.id, { notifications: 5, messages: 5 });
    const stream = await h.open(svc, { token: user.token });
    await stream.next((e) => e.event === 'unread', 'the first unread');

    h.messaging.counts.set(user.id, { notifications: 0, messages: 5 });
    h.live.publish({ type: 'unread', user_id: user.id });
    await stream.next((e) => e.event === 'unread' && unreadOf(e.data).notifications === 0);
    expect(stream.events.map((e) => e.event)).toEqual(['unread', 'unread']);
    stream.close();
  });

  it('gives each user only their own events, on every stream of theirs', async () => {
    const [alice, bob] = [await h.user(), await h.user()];
    const aliceTabs = [
      await h.open(svc, { token: alice.token }),
      await h.open(svc, { token: alice.token }),
    ];
    const bobStream = await h.open(svc, { token: bob.token });
    await bobStream.next((e) => e.event === 'unread');

    const forAlice = newNotification('For Alice');
    const forBob = newNotification('For Bob');
    h.live.publish({ type: 'notification', user_id: alice.id, notification: forAlice });
    h.live.publish({ type: 'notification', user_id: bob.id, notification: forBob });
    for (const tab of aliceTabs) {
      await tab.next((e) => e.event === 'notification');
    }
    await bobStream.next((e) => e.event === 'notification');
    // Events of one publisher arrive in order: had Bob's been sent to Alice, it would come
    // before this marker on her streams.
    const marker = newNotification('Marker');
    h.live.publish({ type: 'notification', user_id: alice.id, notification: marker });
    for (const tab of aliceTabs) {
      await tab.next((e) => e.event === 'notification' && e.data.id === marker.id, 'the marker');
      expect(tab.events.filter((e) => e.event === 'notification').map((e) => e.data)).toEqual([
        forAlice,
        marker,
      ]);
      tab.close();
    }
    expect(bobStream.events.filter((e) => e.event === 'notification').map((e) => e.data)).toEqual([
      forBob,
    ]);
    bobStream.close();
  });

  it("sends a post's new comments to the streams that follow it, visitors' included", async () => {
    const post = newId();
    const other = newId();
    h.forum.posts.set(post, 'public');
    h.forum.posts.set(other, 'public');
    const user = await h.user();
    const visitor = await h.open(svc, { post });
    const member = await h.open(svc, { token: user.token, post });
    const elsewhere = await h.open(svc, { post: other });

    const comment = {
      post_id: post,
      comment_id: newId(),
      parent_id: newId(),
      author_id: newId(),
      author_username: 'commenter',
      created_at: new Date().toISOString(),
    };
    await h.publishComment({ ...comment, content_preview: 'not sent', post_title: 'not sent' });
    await h.publishComment({ post_id: other, author_username: 'elsewhere' });
    for (const stream of [visitor, member]) {
      await stream.next((e) => e.event === 'comment');
      expect(stream.events.filter((e) => e.event === 'comment')).toEqual([
        { event: 'comment', data: comment },
      ]);
    }
    await elsewhere.next((e) => e.event === 'comment');
    expect(elsewhere.events.filter((e) => e.event === 'comment')).toHaveLength(1);
    expect((elsewhere.events[0]?.data as { post_id: string }).post_id).toBe(other);
    for (const s of [visitor, member, elsewhere]) s.close();
  });

  it('delivers one user event to streams on two instances sharing NATS', async () => {
    const second = await h.start();
    const user = await h.user();
    const [one, two] = [
      await h.open(svc, { token: user.token }),
      await h.open(second, { token: user.token }),
    ];
    const notification = newNotification();
    h.live.publish({ type: 'notification', user_id: user.id, notification });
    for (const stream of [one, two]) {
      const got = await stream.next((e) => e.event === 'notification');
      expect(got.data).toEqual(notification);
      stream.close();
    }
    const post = newId();
    h.forum.posts.set(post, 'public');
    const [p1, p2] = [await h.open(svc, { post }), await h.open(second, { post })];
    await h.publishComment({ post_id: post });
    for (const stream of [p1, p2]) {
      await stream.next((e) => e.event === 'comment');
      stream.close();
    }
  });

  it('coalesces unread fetches: 100 events make far fewer than 100 calls to messaging', async () => {
    const user = await h.user();
    const tabs = [
      await h.open(svc, { token: user.token }),
      await h.open(svc, { token: user.token }),
    ];
    await Promise.all(tabs.map((t) => t.next((e) => e.event === 'unread')));
    const callsBefore = h.messaging.calls.filter((c) => c.userId === user.id).length;
    h.messaging.delayMs = 30;
    try {
      for (let i = 0; i < 99; i++) h.live.publish({ type: 'unread', user_id: user.id });
      h.messaging.counts.set(user.id, { notifications: 7, messages: 8 });
      h.live.publish({ type: 'unread', user_id: user.id });
      // The last answer carries the counts as they were after the last event.
      for (const tab of tabs) {
        await tab.next((e) => e.event === 'unread' && unreadOf(e.data).messages === 8);
      }
    } finally {
      h.messaging.delayMs = 0;
    }
    // Two calls (notifications + messages) per fetch; one in flight and one queued per user.
    const fetches =
      (h.messaging.calls.filter((c) => c.userId === user.id).length - callsBefore) / 2;
    expect(fetches).toBeGreaterThanOrEqual(1);
    expect(fetches).toBeLessThanOrEqual(10);
    for (const tab of tabs) tab.close();
  });
});
