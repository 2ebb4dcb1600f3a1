import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Types } from 'mongoose';
import { randomUUID } from 'node:crypto';
import { BlockTexts, Subjects, createEvent, type EventData } from '@forum/contracts';
import {
  applyBlockChanged,
  PARKED_COLLECTION,
  PROCESSED_EVENTS_COLLECTION,
} from '@forum/service-kit';
import { BLOCKS_DURABLE } from './events/streams.js';
import {
  commentData,
  newId,
  startHarness,
  type Harness,
  type TestUser,
} from './test-support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const blockData = (
  blocker: { id: string },
  blocked: { id: string },
  block_version: number,
  isBlocked = true,
): EventData<'identity.block.changed'> => ({
  blocker_id: blocker.id,
  blocked_id: blocked.id,
  blocked: isBlocked,
  block_version,
  changed_at: new Date().toISOString(),
});
/** The whole event, for publishing raw (past JetStream's de-duplication) or handling directly. */
const blockEvent = (...args: Parameters<typeof blockData>) =>
  createEvent(Subjects.BlockChanged, blockData(...args));

/** identity's event, applied before the call returns. */
async function block(blocker: TestUser, blocked: TestUser, version: number, isBlocked = true) {
  await h.publish(Subjects.BlockChanged, blockData(blocker, blocked, version, isBlocked));
  await h.caughtUp();
}
async function deliver(...events: unknown[]) {
  for (const event of events) await h.publishRaw(Subjects.BlockChanged, event);
  await h.caughtUp();
}
const rowOf = (blocker: { id: string }, blocked: { id: string }) =>
  h.models.Block.find({
    blocker_id: new Types.ObjectId(blocker.id),
    blocked_id: new Types.ObjectId(blocked.id),
  }).lean();

const start = (as: TestUser, to: TestUser, subject = 'Hello') =>
  h.call<Json>('POST', '/api/messages/conversations', {
    as,
    body: { recipientUsername: to.username, subject, content: `from ${as.username}` },
  });
const reply = (as: TestUser, conversationId: string, content = 'again') =>
  h.call<Json>('POST', `/api/messages/conversations/${conversationId}/messages`, {
    as,
    body: { content },
  });
const messageCount = () => h.models.Message.countDocuments({});
const conversationCount = () => h.models.Conversation.countDocuments({});
const kinds = async (user: TestUser) =>
  (await h.models.Notification.find({ user_id: new Types.ObjectId(user.id) }).lean()).map(
    (n) => n.type,
  );

describe('messages to someone who blocked the sender (EXTENSIONS §B1)', () => {
  it('refuses a new conversation and a reply with 403, writes nothing; unblocking allows both again', async () => {
    const [alice, bob] = await Promise.all([h.user(), h.user()]);
    const opened = await start(bob, alice, 'Before');
    expect(opened.status).toBe(201);
    await h.caughtUp();

    await block(alice, bob, 1);
    const [messages, conversations] = [await messageCount(), await conversationCount()];
    const refusedStart = await start(bob, alice, 'After');
    expect(refusedStart).toEqual({ status: 403, body: { error: BlockTexts.cannotMessage } });
    // The same subject continues the existing thread: also refused.
    expect((await start(bob, alice, 'Before')).status).toBe(403);
    const refusedReply = await reply(bob, opened.body.id);
    expect(refusedReply).toEqual({ status: 403, body: { error: BlockTexts.cannotMessage } });
    expect(await messageCount()).toBe(messages);
    expect(await conversationCount()).toBe(conversations);

    // The history stays in alice's inbox.
    const inbox = await h.call<Json>('GET', '/api/messages/conversations', { as: alice });
    expect(inbox.body.conversations.map((c: Json) => c.id)).toEqual([opened.body.id]);
    const thread = await h.call<Json>('GET', `/api/messages/conversations/${opened.body.id}`, {
      as: alice,
    });
    expect(thread.body.messages).toHaveLength(1);

    // Only the blocked side is refused: alice may still write to bob.
    expect((await reply(alice, opened.body.id)).status).toBe(201);
    expect((await start(alice, bob, 'From the blocker')).status).toBe(201);

    await block(alice, bob, 2, false);
    expect((await start(bob, alice, 'After')).status).toBe(201);
    expect((await reply(bob, opened.body.id)).status).toBe(201);
  });

  it('a block by a third user does not stop anyone else', async () => {
    const [alice, bob, carol] = await Promise.all([h.user(), h.user(), h.user()]);
    await block(carol, bob, 1);
    expect((await start(bob, alice)).status).toBe(201);
    // Blocking is one pair, one direction: carol blocked bob, bob is not blocking carol.
    expect((await start(carol, bob)).status).toBe(201);
  });
});

describe('the blocks replica', () => {
  it('ignores an older version arriving after a newer one', async () => {
    const [alice, bob] = await Promise.all([h.user(), h.user()]);
    await block(alice, bob, 2, true);
    await block(alice, bob, 1, false); // from before the block, arriving late
    expect(await rowOf(alice, bob)).toEqual([
      expect.objectContaining({ blocked: true, version: 2 }),
    ]);
    expect((await start(bob, alice)).status).toBe(403);

    await block(alice, bob, 4, false);
    await block(alice, bob, 3, true);
    expect(await rowOf(alice, bob)).toEqual([
      expect.objectContaining({ blocked: false, version: 4 }),
    ]);
    expect((await start(bob, alice)).status).toBe(201);
  });

  it('applies a redelivered event once; another event at the same version changes nothing', async () => {
    const [alice, bob] = await Promise.all([h.user(), h.user()]);
    const event = blockEvent(alice, bob, 5);
    await deliver(event);
    // Past JetStream's de-duplication (no msgID), and the same version under a new id.
    await deliver(event, { ...event, id: randomUUID(), blocked: false });
    expect(await rowOf(alice, bob)).toEqual([
      expect.objectContaining({ blocked: true, version: 5 }),
    ]);
    expect(
      await h.service.conn
        .collection(PROCESSED_EVENTS_COLLECTION)
        .countDocuments({ event_id: event.id, consumer: BLOCKS_DURABLE }),
    ).toBe(1);
  });

  it('converges when the first events of a pair race (duplicate key on the first insert)', async () => {
    for (let round = 0; round < 5; round++) {
      const [blocker, blocked] = [{ id: newId() }, { id: newId() }];
      const events = [1, 2, 3, 4].map((v) => blockEvent(blocker, blocked, v, v % 2 === 0));
      // Two instances handling all of them at once, in both orders.
      await Promise.all(
        [...events, ...[...events].reverse()].map((e) => applyBlockChanged(h.models.Block, e)),
      );
      expect(await rowOf(blocker, blocked)).toEqual([
        expect.objectContaining({ blocked: true, version: 4 }),
      ]);
    }
  });

  it('parks a payload that breaks the contract and keeps going', async () => {
    const [alice, bob] = await Promise.all([h.user(), h.user()]);
    const parked = () =>
      h.service.conn.collection(PARKED_COLLECTION).countDocuments({ durable: BLOCKS_DURABLE });
    const before = await parked();
    const event = blockEvent(alice, bob, 1);
    await deliver(
      { ...event, blocked: 'yes' },
      { ...event, id: randomUUID(), blocker_id: 'not-an-id' },
      { ...event, id: randomUUID(), block_version: 0 },
    );
    expect(await parked()).toBe(before + 3);
    expect(await rowOf(alice, bob)).toEqual([]);
    await block(alice, bob, 1);
    expect(await rowOf(alice, bob)).toEqual([expect.objectContaining({ blocked: true })]);
  });
});

describe('no notifications from a blocked user', () => {
  it('drops replies, upvotes and messages from the blocked actor; others still notify', async () => {
    const [me, troll, friend] = await Promise.all([h.user(), h.user(), h.user()]);
    await block(me, troll, 1);
    const post = newId();
    for (const author of [troll, friend]) {
      await h.publish(
        Subjects.CommentCreated,
        commentData({ post_id: post, post_author_id: me.id, author_id: author.id }),
      );
      await h.publish(Subjects.PostVoted, {
        post_id: post,
        post_title: 'Mine',
        post_author_id: me.id,
        community_id: newId(),
        voter_id: author.id,
        voter_username: author.username,
        vote_type: 1,
        previous_vote_type: 0,
        score_delta: 1,
      });
    }
    await h.caughtUp();
    const notes = await h.models.Notification.find({ user_id: new Types.ObjectId(me.id) }).lean();
    expect(notes.map((n) => n.type).sort()).toEqual(['post_vote', 'reply_to_post']);
    // The blocked voter's upvote is not counted in the coalesced one either.
    expect(notes.find((n) => n.type === 'post_vote')).toMatchObject({ count: 1 });
  });

  it('drops only the blocker from a fan-out, and lets the blocker still reach the blocked user', async () => {
    const [author, blocker, other, troll] = await Promise.all([
      h.user(),
      h.user(),
      h.user(),
      h.user(),
    ]);
    await block(blocker, troll, 1);
    await h.publish(
      Subjects.CommentCreated,
      commentData({
        post_author_id: author.id,
        author_id: troll.id,
        subscriber_ids: [blocker.id, other.id],
      }),
    );
    // A later slice of another comment's subscribers.
    await h.publish(Subjects.CommentSubscribers, {
      ...commentData({ post_author_id: author.id, author_id: troll.id }),
      comment_event_id: randomUUID(),
      slice: 1,
      subscriber_ids: [blocker.id, other.id],
    });
    // The blocker writes to the blocked user: the blocked user is told (they blocked nobody).
    expect((await start(blocker, troll)).status).toBe(201);
    await h.caughtUp();
    expect(await kinds(blocker)).toEqual([]);
    expect(await kinds(other)).toEqual(['post_comment', 'post_comment']);
    expect(await kinds(author)).toEqual(['reply_to_post']);
    expect(await kinds(troll)).toEqual(['private_message']);
  });

  it('still delivers a moderation notice from a moderator the user blocked', async () => {
    const [me, mod] = await Promise.all([h.user(), h.user()]);
    await block(me, mod, 1);
    const post = newId();
    await h.publish(Subjects.ModActionRecorded, {
      modlog_id: newId(),
      action: 'remove_post',
      community_id: newId(),
      community_name: 'cats',
      moderator_id: mod.id,
      moderator_username: mod.username,
      recipient_id: me.id,
      target_type: 'post',
      target_title: 'My cat',
      reason: 'Off topic',
      post_id: post,
      related_id: post,
      expires_at: null,
      created_at: new Date().toISOString(),
    });
    await h.caughtUp();
    expect(await kinds(me)).toEqual(['mod_action']);
  });
});
