import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Subjects } from '@forum/contracts';
import { startHarness, newId, type Harness, type TestUser } from './test-support/harness.js';

let h: Harness;
let alice: TestUser;
let bob: TestUser;
let eve: TestUser;

beforeAll(async () => {
  h = await startHarness();
  [alice, bob, eve] = await Promise.all([h.user('Alice'), h.user('Bob'), h.user('Eve')]);
});
afterAll(() => h?.close());

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const start = (as: TestUser, body: Json) =>
  h.call<Json>('POST', '/api/messages/conversations', { as, body });
const newConversation = async (from: TestUser, to: TestUser, subject = `s-${newId()}`) => {
  const res = await start(from, { recipientUsername: to.username, subject, content: 'Hello!' });
  expect(res.status).toBe(201);
  return res.body.id as string;
};
const reply = (as: TestUser, id: string, content: string) =>
  h.call<Json>('POST', `/api/messages/conversations/${id}/messages`, { as, body: { content } });
const unread = async (as: TestUser) =>
  (await h.call<Json>('GET', '/api/messages/unread-count', { as })).body.unreadCount as number;

describe('POST /api/messages/conversations', () => {
  it('creates a conversation with its first message and returns its id', async () => {
    const res = await start(alice, {
      recipientUsername: '  bob ',
      subject: '  Lunch?  ',
      content: ' Are you free\non Friday? ',
    });
    expect(res.status).toBe(201);
    expect(res.body.id).toMatch(/^[a-f0-9]{24}$/);
    expect(res.body.conversation).toMatchObject({
      id: res.body.id,
      other_username: 'Bob',
      subject: 'Lunch?',
      // The list's preview is plain text on one line (EXTENSIONS §F1).
      last_message: 'Are you free on Friday?',
      unread_count: 0,
    });
    expect(res.body.message).toMatchObject({
      sender_id: alice.id,
      content: 'Are you free\non Friday?',
      conversation_id: res.body.id,
      is_read: false,
    });
  });

  it.each([
    [{ recipientUsername: '', subject: 's', content: 'c' }],
    [{ recipientUsername: 'Bob', subject: '   ', content: 'c' }],
    [{ recipientUsername: 'Bob', subject: 's', content: '\n\t ' }],
    [{ recipientUsername: 'Bob', subject: 's' }],
    [{}],
  ])('refuses blank or missing fields: %j', async (body) => {
    const res = await start(alice, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('All fields are required');
  });

  it('enforces the subject and content limits', async () => {
    const ok = await start(alice, {
      recipientUsername: 'Bob',
      subject: 's'.repeat(200),
      content: 'c'.repeat(10_000),
    });
    expect(ok.status).toBe(201);
    const subject = await start(alice, {
      recipientUsername: 'Bob',
      subject: 's'.repeat(201),
      content: 'c',
    });
    expect(subject.status).toBe(400);
    expect(subject.body.error).toBe('Subject must be at most 200 characters');
    const content = await start(alice, {
      recipientUsername: 'Bob',
      subject: 's',
      content: 'c'.repeat(10_001),
    });
    expect(content.status).toBe(400);
    expect(content.body.error).toBe('Message must be at most 10,000 characters');
  });

  it('answers an unknown recipient with 404 User not found', async () => {
    const res = await start(alice, { recipientUsername: 'nobody', subject: 's', content: 'c' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'User not found' });
  });

  it('refuses messaging yourself (any case)', async () => {
    const res = await start(alice, { recipientUsername: 'ALICE', subject: 's', content: 'c' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('You cannot send a message to yourself');
  });

  it('starts a new conversation for a new subject and continues one for the same subject', async () => {
    const [a, b] = [await h.user(), await h.user()];
    const first = await newConversation(a, b, 'Topic one');
    const second = await newConversation(a, b, 'Topic two');
    const again = await newConversation(b, a, 'topic ONE');
    expect(second).not.toBe(first);
    expect(again).toBe(first);
    const list = await h.call<Json>('GET', '/api/messages/conversations', { as: a });
    expect(list.body.conversations).toHaveLength(2);
  });

  it('requires a token', async () => {
    const res = await h.call('POST', '/api/messages/conversations', {
      body: { recipientUsername: 'Bob', subject: 's', content: 'c' },
    });
    expect(res.status).toBe(401);
  });

  it('publishes messaging.message.sent through the outbox', async () => {
    const [a, b] = [await h.user(), await h.user()];
    const id = await newConversation(a, b, 'Event check');
    await h.caughtUp();
    const n = await h.models.Notification.findOne({
      type: 'private_message',
      related_id: id,
    }).lean();
    expect(n).toMatchObject({ title: `New message from u/${a.username}` });
    expect(n!.user_id.toHexString()).toBe(b.id);
    const outboxLeft = await h.service.conn.collection('event_outbox').countDocuments({});
    expect(outboxLeft).toBe(0);
    expect(Subjects.MessageSent).toBe('messaging.message.sent');
  });
});

describe('GET /api/messages/conversations', () => {
  it('lists most recent activity first with the caller’s unread counts, paged by 20', async () => {
    const me = await h.user();
    const others = await Promise.all(Array.from({ length: 22 }, () => h.user()));
    const ids: string[] = [];
    for (const other of others) ids.push(await newConversation(other, me));
    // Activity on the oldest moves it to the top.
    await reply(others[0]!, ids[0]!, 'bump');

    const page1 = await h.call<Json>('GET', '/api/messages/conversations', { as: me });
    expect(page1.status).toBe(200);
    expect(page1.body.hasMore).toBe(true);
    expect(page1.body.conversations).toHaveLength(20);
    expect(page1.body.conversations[0]).toEqual({
      id: ids[0],
      other_username: others[0]!.username,
      subject: expect.any(String),
      last_message: 'bump',
      last_message_at: expect.any(String),
      unread_count: 2,
    });
    expect(page1.body.conversations[1].id).toBe(ids[21]);
    const page2 = await h.call<Json>('GET', '/api/messages/conversations?page=2', { as: me });
    expect(page2.body.hasMore).toBe(false);
    expect(page2.body.conversations.map((c: Json) => c.id)).toEqual([ids[2], ids[1]]);
    const small = await h.call<Json>('GET', '/api/messages/conversations?limit=5', { as: me });
    expect(small.body.conversations).toHaveLength(5);
    expect((await h.call('GET', '/api/messages/conversations?page=0', { as: me })).status).toBe(
      400,
    );
    // The sender sees it without unread messages.
    const theirs = await h.call<Json>('GET', '/api/messages/conversations', { as: others[0] });
    expect(theirs.body.conversations[0]).toMatchObject({
      other_username: me.username,
      unread_count: 0,
    });
  });
});

describe('GET /api/messages/conversations/{id}', () => {
  it('returns messages in time order and marks the other person’s messages read', async () => {
    const [a, b] = [await h.user(), await h.user()];
    const id = await newConversation(a, b, 'Detail');
    await reply(a, id, 'second');
    await reply(b, id, 'third, from b');
    expect(await unread(b)).toBe(2);
    expect(await unread(a)).toBe(1);

    const res = await h.call<Json>('GET', `/api/messages/conversations/${id}`, { as: b });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id,
      other_username: a.username,
      subject: 'Detail',
      hasMore: false,
    });
    expect(res.body.messages.map((m: Json) => m.content)).toEqual([
      'Hello!',
      'second',
      'third, from b',
    ]);
    expect(Object.keys(res.body.messages[0]).sort()).toEqual(
      // Spec §3's fields, and whether the admin removed it (EXTENSIONS §M5).
      ['content', 'conversation_id', 'created_at', 'id', 'is_read', 'removed', 'sender_id'].sort(),
    );
    expect(res.body.messages[0].sender_id).toBe(a.id);
    expect(await unread(b)).toBe(0);
    expect(await unread(a)).toBe(1);
    const list = await h.call<Json>('GET', '/api/messages/conversations', { as: b });
    expect(list.body.conversations[0]).toMatchObject({ id, unread_count: 0 });
  });

  it('pages by 50: page 1 is the latest, each page oldest first', async () => {
    const [a, b] = [await h.user(), await h.user()];
    const id = await newConversation(a, b, 'Long');
    for (let i = 1; i <= 54; i++) await reply(i % 2 ? a : b, id, `m${i}`);
    const page1 = await h.call<Json>('GET', `/api/messages/conversations/${id}`, { as: a });
    expect(page1.body.messages).toHaveLength(50);
    expect(page1.body.hasMore).toBe(true);
    expect(page1.body.messages[0].content).toBe('m5');
    expect(page1.body.messages[49].content).toBe('m54');
    const page2 = await h.call<Json>('GET', `/api/messages/conversations/${id}?page=2`, { as: a });
    expect(page2.body.hasMore).toBe(false);
    expect(page2.body.messages.map((m: Json) => m.content)).toEqual([
      'Hello!',
      'm1',
      'm2',
      'm3',
      'm4',
    ]);
  });
});

describe('POST /api/messages/conversations/{id}/messages', () => {
  it('returns the created message (top level and under message) and bumps the counters', async () => {
    const [a, b] = [await h.user(), await h.user()];
    const id = await newConversation(a, b);
    const res = await reply(b, id, '  Sure!  ');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ sender_id: b.id, content: 'Sure!', conversation_id: id });
    expect(res.body.message).toEqual({
      id: res.body.id,
      conversation_id: id,
      sender_id: b.id,
      content: 'Sure!',
      created_at: res.body.created_at,
      is_read: false,
      removed: false,
    });
    expect(await unread(a)).toBe(1);
  });

  it('validates the content', async () => {
    const [a, b] = [await h.user(), await h.user()];
    const id = await newConversation(a, b);
    const blank = await reply(a, id, '   ');
    expect(blank.status).toBe(400);
    expect(blank.body.error).toBe('Message content is required');
    const long = await reply(a, id, 'x'.repeat(10_001));
    expect(long.status).toBe(400);
    expect(long.body.error).toBe('Message must be at most 10,000 characters');
    expect((await reply(a, id, 'x'.repeat(10_000))).status).toBe(201);
  });
});

describe('PUT /api/messages/messages/{id}/read', () => {
  it('lets only the recipient mark a message read, idempotently, counting it once', async () => {
    const [a, b] = [await h.user(), await h.user()];
    const id = await newConversation(a, b);
    const sent = await reply(a, id, 'two');
    expect(await unread(b)).toBe(2);

    const bySender = await h.call<Json>('PUT', `/api/messages/messages/${sent.body.id}/read`, {
      as: a,
    });
    expect(bySender.status).toBe(403);
    expect(bySender.body.error).toBe('Only the recipient can mark a message as read');

    for (let i = 0; i < 3; i++) {
      const res = await h.call<Json>('PUT', `/api/messages/messages/${sent.body.id}/read`, {
        as: b,
      });
      expect(res.status).toBe(200);
      expect(res.body.message).toMatchObject({ id: sent.body.id, is_read: true });
    }
    expect(await unread(b)).toBe(1);
    const list = await h.call<Json>('GET', '/api/messages/conversations', { as: b });
    expect(list.body.conversations[0]).toMatchObject({ id, unread_count: 1 });
    // Opening the conversation reads the rest; the counter lands on 0, not below.
    await h.call('GET', `/api/messages/conversations/${id}`, { as: b });
    const after = await h.call<Json>('GET', '/api/messages/conversations', { as: b });
    expect(after.body.conversations[0]).toMatchObject({ id, unread_count: 0 });
    expect(await unread(b)).toBe(0);
  });
});

describe('privacy: only the two participants', () => {
  it('answers a third user 404 Conversation not found on every conversation and message endpoint', async () => {
    const id = await newConversation(alice, bob, 'Private');
    const msg = await reply(bob, id, 'secret');
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/messages/conversations/${id}`],
      ['POST', `/api/messages/conversations/${id}/messages`, { content: 'intrude' }],
      ['PUT', `/api/messages/messages/${msg.body.id}/read`],
    ];
    for (const [method, path, body] of calls) {
      const res = await h.call(method, path, { as: eve, ...(body ? { body } : {}) });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body).toEqual({ error: 'Conversation not found' });
    }
    const list = await h.call<Json>('GET', '/api/messages/conversations', { as: eve });
    expect(list.body.conversations).toEqual([]);
    expect(await h.models.Message.countDocuments({ conversation_id: id, content: 'intrude' })).toBe(
      0,
    );
  });

  it('gives the same 404 for unknown and malformed ids', async () => {
    for (const [method, path] of [
      ['GET', `/api/messages/conversations/${newId()}`],
      ['GET', '/api/messages/conversations/not-an-id'],
      ['POST', `/api/messages/conversations/${newId()}/messages`],
      ['PUT', `/api/messages/messages/${newId()}/read`],
      ['PUT', '/api/messages/messages/123/read'],
    ] as const) {
      const body = method === 'GET' ? {} : { body: { content: 'x' } };
      const res = await h.call(method, path, { as: alice, ...body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body).toEqual({ error: 'Conversation not found' });
    }
  });

  it('answers an unknown path under /api/messages with 404, signed in or not', async () => {
    expect((await h.call('GET', '/api/messages/nope', { as: alice })).status).toBe(404);
    expect((await h.call('GET', '/api/messages/nope')).status).toBe(404);
  });

  it('requires a token on every endpoint', async () => {
    for (const [method, path] of [
      ['GET', '/api/messages/conversations'],
      ['GET', `/api/messages/conversations/${newId()}`],
      ['POST', `/api/messages/conversations/${newId()}/messages`],
      ['PUT', `/api/messages/messages/${newId()}/read`],
      ['GET', '/api/messages/unread-count'],
    ] as const) {
      expect((await h.call(method, path)).status, `${method} ${path}`).toBe(401);
    }
  });
});
