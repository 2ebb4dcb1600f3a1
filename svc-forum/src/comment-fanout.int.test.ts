import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Types } from 'mongoose';
import {
  CommentCreatedEvent,
  CommentSubscribersEvent,
  SUBSCRIBERS_PER_EVENT,
  Streams,
  Subjects,
  createEvent,
  type EventData,
} from '@forum/contracts';
import type { RunningConsumer } from '@forum/service-kit';
import { captureLogs, waitFor } from '@forum/service-kit/testing';
import { JSONCodec } from 'nats';
import { startCommentFanOut } from './events/comment-fanout.js';
import { COMMENT_FANOUT_DURABLE } from './events/streams.js';
import { startHarness, type Harness, type TestUser } from './test-support/harness.js';
import { comment, communityWithPost } from './test-support/comments.js';
import { publishedEvents } from './test-support/events.js';

// Issue 24: forum.comment.created carries no subscriber list; forum's own consumer stores the
// post's subscribers as forum.comment.subscribers slices, in the transaction that records the
// event as processed, so every subscriber is in exactly one slice exactly once.

let h: Harness;
let fanOut: RunningConsumer;
let postAuthor: TestUser;
let commenter: TestUser;

beforeAll(async () => {
  h = await startHarness();
  const { logger } = captureLogs('svc-forum-test', 'warn');
  fanOut = await startCommentFanOut({
    js: h.nc.jetstream(),
    conn: h.conn,
    logger,
    models: h.models,
    outbox: h.outbox,
    backoffBaseMs: 100,
  });
  postAuthor = await h.user();
  commenter = await h.user();
});
afterAll(async () => {
  await fanOut?.stop();
  await h?.stop();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const SUBSCRIBERS = 2500;

/** A post by postAuthor with SUBSCRIBERS more subscribers (written directly: 2,500 users). */
async function crowdedPost() {
  const { post, title } = await communityWithPost(h, postAuthor);
  const before = new Date(Date.now() - 60_000);
  const subscribers = Array.from({ length: SUBSCRIBERS }, () => new Types.ObjectId());
  await h.models.PostSubscription.insertMany(
    subscribers.map((user_id) => ({
      post_id: new Types.ObjectId(post),
      user_id,
      created_at: before,
    })),
  );
  const everyone = [postAuthor.id, ...subscribers.map(String)];
  return { post, title, everyone };
}

const slicesOf = (commentId: string, count: number) =>
  publishedEvents(
    h,
    Subjects.CommentSubscribers,
    CommentSubscribersEvent,
    (e) => e.comment_id === commentId,
    count,
  );

const createdEventOf = async (commentId: string) =>
  (
    await publishedEvents(
      h,
      Subjects.CommentCreated,
      CommentCreatedEvent,
      (e) => e.comment_id === commentId,
      1,
    )
  )[0]!;

/** Until the fan-out consumer has nothing pending or unacknowledged. */
async function fanOutSettled(): Promise<void> {
  await h.outbox.flush();
  const jsm = await h.nc.jetstreamManager();
  await waitFor(async () => {
    const info = await jsm.consumers.info(Streams.forum.name, COMMENT_FANOUT_DURABLE);
    return info.num_pending === 0 && info.num_ack_pending === 0;
  });
}

describe('forum.comment.subscribers', () => {
  it(`splits ${SUBSCRIBERS + 1} subscribers into 3 numbered slices, each subscriber once`, async () => {
    const { post, title, everyone } = await crowdedPost();
    const c = await comment(h, commenter, post, null, 'hello subscribers');
    // Subscribed after the comment: not one of the subscribers it notifies.
    await h.models.PostSubscription.create({
      post_id: new Types.ObjectId(post),
      user_id: new Types.ObjectId(),
      created_at: new Date(Date.now() + 60_000),
    });
    const created = await createdEventOf(c.id);
    const slices = (await slicesOf(c.id, 3)).sort((a, b) => a.slice - b.slice);
    expect(slices.map((s) => [s.slice, s.subscriber_ids.length])).toEqual([
      [0, SUBSCRIBERS_PER_EVENT],
      [1, SUBSCRIBERS_PER_EVENT],
      [2, SUBSCRIBERS + 1 - 2 * SUBSCRIBERS_PER_EVENT],
    ]);
    const listed = slices.flatMap((s) => s.subscriber_ids);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual([...everyone].sort());
    for (const s of slices) {
      expect(s).toMatchObject({
        comment_event_id: created.id,
        comment_id: c.id,
        post_id: post,
        post_title: title,
        post_author_id: postAuthor.id,
        parent_id: null,
        parent_author_id: null,
        author_id: commenter.id,
        author_username: commenter.username,
        content_preview: 'hello subscribers',
        created_at: created.created_at,
      });
    }

    // A redelivery of the comment event (same id) stores nothing more.
    await h.nc.jetstream().publish(Subjects.CommentCreated, JSONCodec().encode(created));
    await fanOutSettled();
    expect(await slicesOf(c.id, 3)).toHaveLength(3);
  });

  it('a crash mid fan-out leaves no slice; the redelivered event stores them all once', async () => {
    const { post } = await crowdedPost();
    const add = h.outbox.add.bind(h.outbox);
    let stored = 0;
    vi.spyOn(h.outbox, 'add').mockImplementation((async (...args: Parameters<typeof add>) => {
      if (args[0] === Subjects.CommentSubscribers && ++stored === 2) {
        throw new Error('crash after the first slice');
      }
      return add(...args);
    }) as typeof add);
    const c = await comment(h, commenter, post);
    await fanOutSettled();
    expect(stored).toBeGreaterThan(2);
    const slices = await slicesOf(c.id, 3);
    expect(slices.map((s) => s.slice).sort()).toEqual([0, 1, 2]);
    expect(new Set(slices.flatMap((s) => s.subscriber_ids)).size).toBe(SUBSCRIBERS + 1);
  });

  it('leaves events that carried their subscribers themselves (written before the fan-out) alone', async () => {
    const { post } = await communityWithPost(h, postAuthor);
    const data: EventData<typeof Subjects.CommentCreated> = {
      comment_id: new Types.ObjectId().toHexString(),
      post_id: post,
      post_title: 'old',
      post_author_id: postAuthor.id,
      community_id: new Types.ObjectId().toHexString(),
      parent_id: null,
      parent_author_id: null,
      author_id: commenter.id,
      author_username: commenter.username,
      content_preview: 'old style',
      subscriber_ids: [postAuthor.id],
      created_at: new Date().toISOString(),
    };
    const event = createEvent(Subjects.CommentCreated, data);
    await h.nc.jetstream().publish(Subjects.CommentCreated, JSONCodec().encode(event));
    await fanOutSettled();
    expect(await slicesOf(data.comment_id, 0)).toEqual([]);
  });
});
