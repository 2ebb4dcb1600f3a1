import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Types } from 'mongoose';
import { Subjects } from '@forum/contracts';
import { newId, startHarness, type Harness, type TestUser } from './test-support/harness.js';

/**
 * Writes that must stand or fall together: a failure injected between them (a model call or the
 * outbox throwing, as a crash would stop the request there) leaves neither behind.
 */
let h: Harness;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  h = await startHarness();
  [alice, bob] = await Promise.all([h.user('PairA'), h.user('PairB')]);
});
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(() => h?.close());

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const injected = () => Promise.reject(new Error('injected failure between paired writes'));
const startBody = (subject: string, content = 'First') => ({
  recipientUsername: bob.username,
  subject,
  content,
});
const conversationOf = (id: string) =>
  h.models.Conversation.findById(new Types.ObjectId(id)).lean();
const messagesWith = (content: string) => h.models.Message.countDocuments({ content });
/** Private-message notifications for `user` whose text holds `content`, once events settled. */
const toldAbout = async (user: TestUser, content: string) => {
  await h.caughtUp();
  const docs = await h.models.Notification.find({
    user_id: new Types.ObjectId(user.id),
    type: 'private_message',
  }).lean();
  return docs.filter((d) => d.content.includes(content)).length;
};

async function conversation(subject = `s-${newId()}`) {
  const res = await h.call<Json>('POST', '/api/messages/conversations', {
    as: alice,
    body: startBody(subject),
  });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

describe('start-conversation: the conversation, its first message and the event', () => {
  it('leaves no conversation and no message when the outbox fails after both writes', async () => {
    vi.spyOn(h.service.outbox, 'add').mockImplementationOnce(injected);
    const subject = `lost-${newId()}`;
    const res = await h.call('POST', '/api/messages/conversations', {
      as: alice,
      body: startBody(subject, 'Never stored'),
    });
    expect(res.status).toBe(500);
    expect(await h.models.Conversation.countDocuments({ subject })).toBe(0);
    expect(await messagesWith('Never stored')).toBe(0);
    expect(await toldAbout(bob, 'Never stored')).toBe(0);
  });

  it('stores all three when nothing fails', async () => {
    const subject = `kept-${newId()}`;
    const res = await h.call<Json>('POST', '/api/messages/conversations', {
      as: alice,
      body: startBody(subject, 'Stored once'),
    });
    expect(res.status).toBe(201);
    const stored = await conversationOf(res.body.id);
    expect(stored).toMatchObject({ subject, last_message: 'Stored once' });
    expect(stored!.unread[bob.id]).toBe(1);
    expect(await messagesWith('Stored once')).toBe(1);
    expect(await toldAbout(bob, 'Stored once')).toBe(1);
  });
});

describe('send-message: the message, the conversation counters and messaging.message.sent', () => {
  const failures = {
    'between the message and the conversation update': () =>
      vi.spyOn(h.models.Conversation, 'findOneAndUpdate').mockImplementationOnce(injected as never),
    'after both writes, at the outbox': () =>
      vi.spyOn(h.service.outbox, 'add').mockImplementationOnce(injected),
  };
  it.each(Object.entries(failures))('keeps neither when it fails %s', async (_where, inject) => {
    const id = await conversation();
    const before = await conversationOf(id);
    inject();
    const content = `Lost ${newId()}`;
    const res = await h.call('POST', `/api/messages/conversations/${id}/messages`, {
      as: alice,
      body: { content },
    });
    expect(res.status).toBe(500);
    expect(await messagesWith(content)).toBe(0);
    expect(await conversationOf(id)).toEqual(before);
    expect(await toldAbout(bob, content)).toBe(0);
  });

  it('moves all of them together when nothing fails', async () => {
    const id = await conversation();
    const content = `Kept ${newId()}`;
    const res = await h.call('POST', `/api/messages/conversations/${id}/messages`, {
      as: alice,
      body: { content },
    });
    expect(res.status).toBe(201);
    expect(await messagesWith(content)).toBe(1);
    const after = await conversationOf(id);
    expect(after).toMatchObject({ last_message: content });
    expect(after!.unread[bob.id]).toBe(2);
    expect(await toldAbout(bob, content)).toBe(1);
  });
});

describe('reading: the messages flipped and the conversation counter', () => {
  it('mark-read keeps the message unread and the counter when the counter update fails', async () => {
    const id = await conversation();
    const message = await h.models.Message.findOne({ conversation_id: id }).lean();
    vi.spyOn(h.models.Conversation, 'updateOne').mockImplementationOnce(injected as never);
    const path = `/api/messages/messages/${message!._id.toHexString()}/read`;
    expect((await h.call('PUT', path, { as: bob })).status).toBe(500);
    expect((await h.models.Message.findById(message!._id).lean())!.is_read).toBe(false);
    expect((await conversationOf(id))!.unread[bob.id]).toBe(1);

    expect((await h.call('PUT', path, { as: bob })).status).toBe(200);
    expect((await h.models.Message.findById(message!._id).lean())!.is_read).toBe(true);
    expect((await conversationOf(id))!.unread[bob.id]).toBe(0);
  });

  it('opening a conversation keeps its messages unread when the counter update fails', async () => {
    const id = await conversation();
    vi.spyOn(h.models.Conversation, 'updateOne').mockImplementationOnce(injected as never);
    const path = `/api/messages/conversations/${id}`;
    expect((await h.call('GET', path, { as: bob })).status).toBe(500);
    expect(await h.models.Message.countDocuments({ conversation_id: id, is_read: false })).toBe(1);
    expect((await conversationOf(id))!.unread[bob.id]).toBe(1);

    expect((await h.call('GET', path, { as: bob })).status).toBe(200);
    expect(await h.models.Message.countDocuments({ conversation_id: id, is_read: false })).toBe(0);
    expect((await conversationOf(id))!.unread[bob.id]).toBe(0);
  });
});

describe('coalesced votes: the fold and its title', () => {
  it('a redelivery finishes a title that a failed attempt left behind, counting once', async () => {
    const author = await h.user();
    const post = {
      post_id: newId(),
      post_title: 'Finish me',
      post_author_id: author.id,
      community_id: newId(),
      voter_username: 'voter',
      vote_type: 1 as const,
      previous_vote_type: 0 as const,
      score_delta: 1,
    };
    await h.publish(Subjects.PostVoted, { ...post, voter_id: newId() });
    await h.caughtUp();
    // The second vote is folded in (count 2), then the title write fails: the handler throws
    // and JetStream delivers the event again.
    vi.spyOn(h.models.Notification, 'updateOne').mockImplementationOnce(injected as never);
    await h.publish(Subjects.PostVoted, { ...post, voter_id: newId() });
    await h.caughtUp();
    const docs = await h.models.Notification.find({
      user_id: new Types.ObjectId(author.id),
    }).lean();
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({ count: 2, title: 'Your post received 2 upvotes' });
  });
});
