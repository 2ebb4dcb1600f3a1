import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Types } from 'mongoose';
import {
  SUBSCRIBERS_PER_EVENT,
  Subjects,
  createEvent,
  type EventData,
  type EventOf,
} from '@forum/contracts';
import { publishEvent } from '@forum/service-kit';
import {
  commentData,
  newId,
  startHarness,
  type Harness,
  type TestUser,
} from './test-support/harness.js';

// Issue 24: a post's subscribers arrive as forum.comment.subscribers slices (at most
// SUBSCRIBERS_PER_EVENT ids each) next to forum.comment.created; every subscriber gets one
// post_comment, except the commenter and whoever the comment event tells as an author.

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

type Comment = EventData<typeof Subjects.CommentCreated>;

/** The comment event (no subscriber list, as forum now writes it); resolves to its event. */
async function publishComment(data: Comment) {
  const event = createEvent(Subjects.CommentCreated, data);
  await publishEvent(h.producer.jetstream(), Subjects.CommentCreated, event);
  return event;
}

/** forum's fan-out: the subscribers cut into numbered slices of the comment event. */
function slicesFor(event: EventOf<typeof Subjects.CommentCreated>, ids: string[]) {
  const { comment_id, post_id, post_title, post_author_id, parent_id, parent_author_id } = event;
  const { author_id, author_username, content_preview, created_at } = event;
  const out = [];
  for (let slice = 0; slice * SUBSCRIBERS_PER_EVENT < ids.length; slice++) {
    out.push(
      createEvent(Subjects.CommentSubscribers, {
        comment_id,
        post_id,
        post_title,
        post_author_id,
        parent_id,
        parent_author_id,
        author_id,
        author_username,
        content_preview,
        created_at,
        comment_event_id: event.id,
        slice,
        subscriber_ids: ids.slice(
          slice * SUBSCRIBERS_PER_EVENT,
          (slice + 1) * SUBSCRIBERS_PER_EVENT,
        ),
      }),
    );
  }
  return out;
}

const publishSlices = async (slices: ReturnType<typeof slicesFor>) => {
  for (const s of slices)
    await publishEvent(h.producer.jetstream(), Subjects.CommentSubscribers, s);
};

const notificationsOf = (user: TestUser | string) =>
  h.models.Notification.find({
    user_id: new Types.ObjectId(typeof user === 'string' ? user : user.id),
  }).lean();

/** Recipients of more than one notification about this comment. */
async function repeated(commentId: string): Promise<unknown[]> {
  return h.models.Notification.aggregate([
    { $match: { related_id: commentId } },
    { $group: { _id: '$user_id', n: { $sum: 1 } } },
    { $match: { n: { $gt: 1 } } },
  ]);
}

describe('post_comment from forum.comment.subscribers', () => {
  it('2,500 subscribers in 3 slices: each told once; the commenter and the post author not as subscribers', async () => {
    const [postAuthor, commenter] = await Promise.all([h.user(), h.user()]);
    const subscribers = Array.from({ length: 2500 }, newId);
    const event = await publishComment(
      commentData({
        post_author_id: postAuthor.id,
        author_id: commenter.id,
        author_username: commenter.username,
        post_title: 'Busy post',
        content_preview: 'Hello all',
        subscriber_ids: undefined,
      }),
    );
    // The post's author and the commenter are subscribers too (forum lists them as they are).
    const slices = slicesFor(event, [postAuthor.id, ...subscribers, commenter.id]);
    expect(slices).toHaveLength(3);
    await publishSlices(slices);
    await h.caughtUp();

    const told = await h.models.Notification.find({ related_id: event.comment_id }).lean();
    expect(told.filter((n) => n.type === 'post_comment')).toHaveLength(2500);
    expect(new Set(told.map((n) => String(n.user_id))).size).toBe(told.length);
    expect((await notificationsOf(postAuthor)).map((n) => n.type)).toEqual(['reply_to_post']);
    expect(await notificationsOf(commenter)).toEqual([]);
    expect((await notificationsOf(subscribers[1234]!))[0]).toMatchObject({
      type: 'post_comment',
      title: `u/${commenter.username} commented on a post you follow`,
      content: '"Busy post": Hello all',
      related_id: event.comment_id,
      post_id: event.post_id,
      source_event_id: event.id,
    });

    // Redelivered slices (same event ids, no de-duplication on publish) change nothing.
    for (const s of slices) await h.publishRaw(Subjects.CommentSubscribers, s);
    await h.caughtUp();
    expect(await h.models.Notification.countDocuments({ related_id: event.comment_id })).toBe(
      told.length,
    );
    expect(await repeated(event.comment_id)).toEqual([]);
  });

  it('a reply: the parent author keeps reply_to_comment even when the slice comes first', async () => {
    const [postAuthor, parentAuthor, replier, follower] = await Promise.all([
      h.user(),
      h.user(),
      h.user(),
      h.user(),
    ]);
    const data = commentData({
      post_author_id: postAuthor.id,
      parent_id: newId(),
      parent_author_id: parentAuthor.id,
      author_id: replier.id,
      subscriber_ids: undefined,
    });
    const event = createEvent(Subjects.CommentCreated, data);
    await publishSlices(slicesFor(event, [postAuthor.id, parentAuthor.id, follower.id]));
    await h.caughtUp();
    await publishEvent(h.producer.jetstream(), Subjects.CommentCreated, event);
    await h.caughtUp();

    expect((await notificationsOf(parentAuthor)).map((n) => n.type)).toEqual(['reply_to_comment']);
    expect((await notificationsOf(postAuthor)).map((n) => n.type)).toEqual(['post_comment']);
    expect((await notificationsOf(follower)).map((n) => n.type)).toEqual(['post_comment']);
    expect(await repeated(data.comment_id)).toEqual([]);
  });
});
