import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Types } from 'mongoose';
import { Subjects, createEvent } from '@forum/contracts';
import { PARKED_COLLECTION } from '@forum/service-kit';
import { waitFor } from '@forum/service-kit/testing';
import { commentData, newId, startHarness, type Harness } from './test-support/harness.js';
import { notifyCommentCreated } from './use-cases/notify-comment-created.js';
import { notifyPostVoted } from './use-cases/notify-vote.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

const countFor = (userId: string) =>
  h.models.Notification.countDocuments({ user_id: new Types.ObjectId(userId) });
const duplicates = async (userId: string) => {
  const docs = await h.models.Notification.find({ user_id: new Types.ObjectId(userId) }).lean();
  return docs.length - new Set(docs.map((d) => d.source_event_id)).size;
};

describe('notification delivery (durable JetStream consumers)', () => {
  it('catches up after downtime: 100 events published while stopped -> exactly 100 notifications', async () => {
    await h.stop();
    const author = newId();
    for (let i = 0; i < 100; i++) {
      await h.publish(Subjects.CommentCreated, commentData({ post_author_id: author }));
    }
    await h.start();
    await h.caughtUp();
    expect(await countFor(author)).toBe(100);
    expect(await duplicates(author)).toBe(0);
  });

  it('creates nothing on a redelivery of the same event', async () => {
    const author = newId();
    const subscriber = newId();
    const event = createEvent(
      Subjects.CommentCreated,
      commentData({ post_author_id: author, subscriber_ids: [subscriber] }),
    );
    await h.publishRaw(Subjects.CommentCreated, event);
    await h.caughtUp();
    await h.publishRaw(Subjects.CommentCreated, event);
    await h.caughtUp();
    // Also below the guard: the unique (user_id, source_event_id) index alone.
    await notifyCommentCreated(h.models, event);
    expect(await countFor(author)).toBe(1);
    expect(await countFor(subscriber)).toBe(1);
  });

  it('shares the work between two running instances without duplicates', async () => {
    const extra = await h.startExtra();
    // Both instances pull from the same durable: JetStream splits the messages between them.
    const jsm = await h.service.nats.jetstreamManager();
    await waitFor(
      async () =>
        (await jsm.consumers.info('FORUM', 'messaging-notifications-forum')).num_waiting >= 2,
      { what: 'two pullers on the durable' },
    );
    const author = newId();
    const voted = {
      post_id: newId(),
      post_title: 'Busy',
      post_author_id: author,
      community_id: newId(),
    };
    for (let i = 0; i < 60; i++) {
      await h.publish(Subjects.CommentCreated, commentData({ post_author_id: author }));
      await h.publish(Subjects.PostVoted, {
        ...voted,
        voter_id: newId(),
        voter_username: 'v',
        vote_type: 1,
        previous_vote_type: 0,
        score_delta: 1,
      });
    }
    await h.caughtUp();
    await h.caughtUp(extra);
    expect(await countFor(author)).toBe(61);
    expect(await duplicates(author)).toBe(0);
    const vote = await h.models.Notification.findOne({
      type: 'post_vote',
      post_id: voted.post_id,
    }).lean();
    expect(vote).toMatchObject({ count: 60, title: 'Your post received 60 upvotes' });
  });

  it('keeps one unread coalesced notification when handlers race (two consumers at once)', async () => {
    const author = newId();
    const post = {
      post_id: newId(),
      post_title: 'Race',
      post_author_id: author,
      community_id: newId(),
    };
    const events = Array.from({ length: 20 }, () =>
      createEvent(Subjects.PostVoted, {
        ...post,
        voter_id: newId(),
        voter_username: 'v',
        vote_type: 1,
        previous_vote_type: 0,
        score_delta: 1,
      }),
    );
    // Every event handled twice, all at once: as if two instances got the same messages.
    await Promise.all([...events, ...events].map((e) => notifyPostVoted(h.models, e)));
    const docs = await h.models.Notification.find({ user_id: new Types.ObjectId(author) }).lean();
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({ count: 20, title: 'Your post received 20 upvotes' });
  });

  it('parks a poison message (bad payload, or a handler failing every attempt) and keeps going', async () => {
    const parkedBefore = await h.service.conn.collection(PARKED_COLLECTION).countDocuments({});
    // 1. Breaks the contract: parked at once.
    await h.publishRaw(Subjects.CommentCreated, { id: 'x', post_id: 'nope' });
    // 2. Valid, but its handler fails every time: a corrupt stored notification makes $inc fail.
    const author = newId();
    const postId = newId();
    await h.service.conn.collection('notifications').insertOne({
      user_id: new Types.ObjectId(author),
      type: 'post_vote',
      title: 'corrupt',
      is_read: false,
      group_key: `post_vote:${postId}`,
      count: 'not a number',
      source_event_ids: [],
      source_event_id: newId(),
      created_at: new Date(),
    });
    await h.publish(Subjects.PostVoted, {
      post_id: postId,
      post_title: 'Poison',
      post_author_id: author,
      community_id: newId(),
      voter_id: newId(),
      voter_username: 'v',
      vote_type: 1,
      previous_vote_type: 0,
      score_delta: 1,
    });
    // 3. Later events still flow.
    const later = newId();
    await h.publish(Subjects.CommentCreated, commentData({ post_author_id: later }));
    await waitFor(() => countFor(later), { what: 'the later event' });

    await h.caughtUp();
    const parked = await h.service.conn
      .collection(PARKED_COLLECTION)
      .find({}, { sort: { parkedAt: 1 } })
      .skip(parkedBefore)
      .toArray();
    expect(parked.map((p) => p.durable)).toEqual([
      'messaging-notifications-forum',
      'messaging-notifications-forum',
    ]);
    expect(parked[0]!.reason).toMatch(/invalid payload/);
    expect(parked[1]!.reason).toMatch(/handler failed 3 times/);
    expect(parked[1]!.deliveryCount).toBe(3);
    expect(h.logs.filter((l) => l.msg === 'message parked').length).toBeGreaterThanOrEqual(2);
  });
});
