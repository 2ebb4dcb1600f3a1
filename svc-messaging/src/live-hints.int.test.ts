import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LiveSubjects,
  Subjects,
  createEvent,
  type EventData,
  type EventOf,
  type LiveUserEvent,
} from '@forum/contracts';
import { PROCESSED_EVENTS_COLLECTION, publishEvent } from '@forum/service-kit';
import { collectLiveHints, type LiveHints } from './test-support/live-hints.js';
import {
  commentData,
  newId,
  startHarness,
  type Harness,
  type TestUser,
} from './test-support/harness.js';

// EXTENSIONS §L: svc-messaging hints `live.user.<id>` after each write that committed: the
// notifications it stored, the messages sent (to both sides), and reads that moved a badge.

let h: Harness;
let hints: LiveHints;
beforeAll(async () => {
  h = await startHarness();
  hints = await collectLiveHints(h);
});
afterAll(async () => {
  hints?.stop();
  await h?.close();
});

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ofType = <T extends LiveUserEvent['type']>(user: { id: string }, type: T) =>
  hints.of(user.id).filter((e): e is Extract<LiveUserEvent, { type: T }> => e.type === type);

/** Publish an event and wait until the consumers took it and its hints arrived. */
async function deliver<S extends Parameters<Harness['publish']>[0]>(
  subject: S,
  data: EventData<S>,
) {
  const id = await h.publish(subject, data);
  await h.caughtUp();
  await hints.settled();
  return id;
}
/**
 * A whole event published past JetStream's de-duplication, so the same event id can arrive again
 * (a redelivery); waits as `deliver` does.
 */
async function deliverRaw(subject: string, event: unknown) {
  await h.publishRaw(subject, event);
  await h.caughtUp();
  await hints.settled();
}

const listNotifications = async (user: TestUser) =>
  (await h.call<Json>('GET', '/api/notifications', { as: user })).body.notifications as Json[];
const conversationAs = async (user: TestUser, id: string) =>
  (await h.call<Json>('GET', `/api/messages/conversations/${id}`, { as: user })).body;
const start = (as: TestUser, to: TestUser, subject = 'Live', content = `hi from ${as.username}`) =>
  h.call<Json>('POST', '/api/messages/conversations', {
    as,
    body: { recipientUsername: to.username, subject, content },
  });
const reply = (as: TestUser, conversationId: string, content = 'again') =>
  h.call<Json>('POST', `/api/messages/conversations/${conversationId}/messages`, {
    as,
    body: { content },
  });
const blockData = (blocker: TestUser, blocked: { id: string }) => ({
  blocker_id: blocker.id,
  blocked_id: blocked.id,
  blocked: true,
  block_version: 1,
  changed_at: new Date().toISOString(),
});

describe('notification hints', () => {
  it('hints each stored notification to its user on their subject, as GET /api/notifications shows it', async () => {
    const [postAuthor, subscriber] = await Promise.all([h.user(), h.user()]);
    const commenter = newId();
    await deliver(
      Subjects.CommentCreated,
      commentData({
        post_author_id: postAuthor.id,
        author_id: commenter,
        subscriber_ids: [subscriber.id, commenter],
      }),
    );

    for (const [user, type] of [
      [postAuthor, 'reply_to_post'],
      [subscriber, 'post_comment'],
    ] as const) {
      const listed = await listNotifications(user);
      expect(listed).toHaveLength(1);
      expect(listed[0]!.type).toBe(type);
      expect(hints.of(user.id)).toEqual([
        { type: 'notification', user_id: user.id, notification: listed[0] },
      ]);
    }
    // The commenter, a subscriber too, is not told of their own comment.
    expect(hints.of(commenter)).toEqual([]);
    // Everything on the wire validates and goes to its user's own subject.
    for (const hint of hints.received()) {
      expect(hint.event, JSON.stringify(hint.raw)).toBeDefined();
      expect(hint.subject).toBe(LiveSubjects.user(hint.event!.user_id));
    }
  });

  it('hints nothing for a type the user turned off, nor for someone the user blocked', async () => {
    const [muted, blocker, control] = await Promise.all([h.user(), h.user(), h.user()]);
    const commenter = await h.user();
    const off = await h.call('PUT', '/api/notifications/preferences', {
      as: muted,
      body: { reply_to_post: false },
    });
    expect(off.status).toBe(200);
    await deliver(Subjects.BlockChanged, blockData(blocker, commenter));

    await deliver(
      Subjects.CommentCreated,
      commentData({
        post_author_id: muted.id,
        author_id: commenter.id,
        subscriber_ids: [blocker.id, control.id],
      }),
    );
    expect(hints.of(muted.id)).toEqual([]);
    expect(hints.of(blocker.id)).toEqual([]);
    expect(await listNotifications(blocker)).toEqual([]);
    // The same event does tell a subscriber who neither muted nor blocked.
    expect(ofType(control, 'notification')).toHaveLength(1);
  });

  it('hints nothing on a redelivered event, also when its processed-event record is gone', async () => {
    const postAuthor = await h.user();
    const event = createEvent(
      Subjects.CommentCreated,
      commentData({ post_author_id: postAuthor.id }),
    );
    await deliverRaw(Subjects.CommentCreated, event);
    expect(ofType(postAuthor, 'notification')).toHaveLength(1);

    // The guard's record stops it ...
    await deliverRaw(Subjects.CommentCreated, event);
    // ... and without the record (a crash between the insert and the record) the unique index does.
    const { deletedCount } = await h.service.conn
      .collection(PROCESSED_EVENTS_COLLECTION)
      .deleteMany({ event_id: event.id });
    expect(deletedCount).toBeGreaterThan(0);
    await deliverRaw(Subjects.CommentCreated, event);

    expect(ofType(postAuthor, 'notification')).toHaveLength(1);
    expect(await listNotifications(postAuthor)).toHaveLength(1);
  });

  it('hints only the newly stored ones when an insert meets duplicates', async () => {
    const [told, fresh] = await Promise.all([h.user(), h.user()]);
    // An older comment event listed its subscribers itself: `told` has their post_comment.
    const comment = createEvent(
      Subjects.CommentCreated,
      commentData({ subscriber_ids: [told.id] }),
    );
    await deliverRaw(Subjects.CommentCreated, comment);
    expect(ofType(told, 'notification')).toHaveLength(1);

    // A slice of the same comment names both: `told` is a duplicate, `fresh` is stored.
    await deliverRaw(Subjects.CommentSubscribers, subscribersSlice(comment, [told.id, fresh.id]));
    expect(ofType(told, 'notification')).toHaveLength(1);
    expect(ofType(fresh, 'notification').map((e) => e.notification)).toEqual(
      await listNotifications(fresh),
    );
  });

  it('fans out one hint per stored notification: 1,000 subscribers, 1,000 hints', async () => {
    const subscribers = Array.from({ length: 1000 }, newId);
    const comment = createEvent(Subjects.CommentCreated, commentData());
    const before = hints.received().length;
    const started = performance.now();
    await publishEvent(
      h.producer.jetstream(),
      Subjects.CommentSubscribers,
      subscribersSlice(comment, subscribers),
    );
    await h.caughtUp();
    await hints.settled();
    const took = performance.now() - started;

    const fanned = hints.received().slice(before);
    expect(fanned).toHaveLength(1000);
    expect(new Set(fanned.map((x) => x.event?.user_id))).toEqual(new Set(subscribers));
    expect(fanned.every((x) => x.event?.type === 'notification')).toBe(true);
    // Stored ids, one each: the hints are the inserted documents.
    const stored = await h.models.Notification.find(
      { source_event_id: comment.id },
      { _id: 1 },
    ).lean();
    expect(new Set(fanned.map((x) => (x.event as Json).notification.id))).toEqual(
      new Set(stored.map((d) => d._id.toHexString())),
    );
    console.info(`1,000-subscriber slice stored and hinted in ${took.toFixed(0)} ms`);
  });

  it('hints a coalesced vote notification as each vote leaves it (same id, count in the title)', async () => {
    const author = await h.user();
    const post_id = newId();
    const vote = (voter_id = newId()): EventData<'forum.post.voted'> => ({
      post_id,
      post_title: 'Votable',
      post_author_id: author.id,
      community_id: newId(),
      voter_id,
      voter_username: 'voter',
      vote_type: 1,
      previous_vote_type: 0,
      score_delta: 1,
    });
    await deliver(Subjects.PostVoted, vote());
    const first = await listNotifications(author);
    expect(ofType(author, 'notification').map((e) => e.notification)).toEqual(first);

    const second = createEvent(Subjects.PostVoted, vote());
    await deliverRaw(Subjects.PostVoted, second);
    const folded = await listNotifications(author);
    expect(folded).toHaveLength(1);
    expect(folded[0]!.id).toBe(first[0]!.id);
    expect(folded[0]!.title).not.toBe(first[0]!.title);
    expect(ofType(author, 'notification').map((e) => e.notification)).toEqual([
      first[0],
      folded[0],
    ]);

    // A redelivered vote folds nothing in: no hint.
    await h.service.conn
      .collection(PROCESSED_EVENTS_COLLECTION)
      .deleteMany({ event_id: second.id });
    await deliverRaw(Subjects.PostVoted, second);
    expect(ofType(author, 'notification')).toHaveLength(2);
    // A vote by someone the author blocked is not folded in: no hint either.
    const blocked = await h.user();
    await deliver(Subjects.BlockChanged, blockData(author, blocked));
    await deliver(Subjects.PostVoted, vote(blocked.id));
    expect(ofType(author, 'notification')).toHaveLength(2);
  });

  it('hints a report resolution (a transactional consumer) once it committed, and nothing for a dismissal', async () => {
    const [reporter, dismissedReporter] = await Promise.all([h.user(), h.user()]);
    const resolution = (reporterId: string, action: 'remove' | 'dismiss') => ({
      report_id: newId(),
      target_type: 'post' as const,
      target_id: newId(),
      action,
      reporter_ids: [reporterId],
      target_title: 'Reported post',
      community_name: 'live',
      post_id: newId(),
      resolved_at: new Date().toISOString(),
    });
    await deliver(Subjects.ReportResolved, resolution(reporter.id, 'remove'));
    await deliver(Subjects.ReportResolved, resolution(dismissedReporter.id, 'dismiss'));

    const listed = await listNotifications(reporter);
    expect(listed.map((n) => n.type)).toEqual(['report_resolved']);
    expect(hints.of(reporter.id)).toEqual([
      { type: 'notification', user_id: reporter.id, notification: listed[0] },
    ]);
    expect(hints.of(dismissedReporter.id)).toEqual([]);
  });
});

describe('message hints', () => {
  it('a new conversation and a reply: the same message to both sides, as GET shows it to each', async () => {
    const [alice, bob] = await Promise.all([h.user(), h.user()]);
    const started = await start(alice, bob);
    expect(started.status).toBe(201);
    await hints.settled();
    const conversationId = started.body.id as string;

    // Before Bob opens it, both read the message as unread.
    const [sent] = (await conversationAs(alice, conversationId)).messages as Json[];
    for (const user of [alice, bob]) {
      expect(ofType(user, 'message')).toEqual([
        { type: 'message', user_id: user.id, conversation_id: conversationId, message: sent },
      ]);
    }
    // Opening marks it read: that is what Bob's GET then shows (and his unread hint says).
    const [received] = (await conversationAs(bob, conversationId)).messages as Json[];
    expect(received).toEqual({ ...sent, is_read: true });

    const answered = await reply(bob, conversationId, 'hello back');
    expect(answered.status).toBe(201);
    await hints.settled();
    const answer = ((await conversationAs(bob, conversationId)).messages as Json[]).at(-1);
    expect(answer).toMatchObject({ content: 'hello back', is_read: false });
    for (const user of [alice, bob]) {
      expect(ofType(user, 'message').at(-1)).toEqual({
        type: 'message',
        user_id: user.id,
        conversation_id: conversationId,
        message: answer,
      });
      expect(ofType(user, 'message')).toHaveLength(2);
    }
    // Alice's GET marks it read; it is the same message otherwise.
    expect(((await conversationAs(alice, conversationId)).messages as Json[]).at(-1)).toEqual({
      ...answer,
      is_read: true,
    });
  });

  it('hints nothing when a send is refused (403 blocked, 400 to oneself or empty)', async () => {
    const [alice, bob] = await Promise.all([h.user(), h.user()]);
    const started = await start(alice, bob);
    expect(started.status).toBe(201);
    await deliver(Subjects.BlockChanged, blockData(bob, alice));
    await hints.settled();
    const before = [hints.of(alice.id).length, hints.of(bob.id).length];

    expect((await reply(alice, started.body.id)).status).toBe(403);
    expect((await start(alice, bob, 'Another')).status).toBe(403);
    expect((await start(alice, alice)).status).toBe(400);
    expect((await reply(bob, started.body.id, '')).status).toBe(400);
    await h.caughtUp();
    await hints.settled();
    expect([hints.of(alice.id).length, hints.of(bob.id).length]).toEqual(before);
  });
});

describe('unread hints', () => {
  const unreadOf = (user: TestUser) => ofType(user, 'unread').length;

  it('reading messages hints the reader only when something was unread', async () => {
    const [alice, bob] = await Promise.all([h.user(), h.user()]);
    const started = await start(alice, bob);
    const conversationId = started.body.id as string;
    const firstId = started.body.message.id as string;
    const markRead = () => h.call('PUT', `/api/messages/messages/${firstId}/read`, { as: bob });

    expect((await markRead()).status).toBe(200);
    expect((await markRead()).status).toBe(200);
    // Nothing left unread: opening the conversation reads nothing.
    await conversationAs(bob, conversationId);
    await hints.settled();
    expect(ofType(bob, 'unread')).toEqual([{ type: 'unread', user_id: bob.id }]);

    await reply(alice, conversationId);
    await conversationAs(bob, conversationId);
    await conversationAs(bob, conversationId);
    // Alice's own opening reads nothing of hers (she is the sender of everything unread).
    await conversationAs(alice, conversationId);
    await hints.settled();
    expect(unreadOf(bob)).toBe(2);
    expect(unreadOf(alice)).toBe(0);
  });

  it('reading notifications hints the reader only when one was unread', async () => {
    const [me, other] = await Promise.all([h.user(), h.user()]);
    for (let i = 0; i < 2; i++) {
      await deliver(Subjects.CommentCreated, commentData({ post_author_id: me.id }));
    }
    const [newest, older] = await listNotifications(me);
    const markRead = (id: string, as = me) =>
      h.call('PUT', `/api/notifications/${id}/read`, { as });
    const markAll = () => h.call<Json>('PUT', '/api/notifications/mark-all-read', { as: me });

    expect((await markRead(newest!.id)).status).toBe(200);
    expect((await markRead(newest!.id)).status).toBe(200);
    expect((await markRead(older!.id, other)).status).toBe(404);
    await hints.settled();
    expect(unreadOf(me)).toBe(1);
    expect(unreadOf(other)).toBe(0);

    expect((await markAll()).body.updated).toBe(1);
    expect((await markAll()).body.updated).toBe(0);
    await hints.settled();
    expect(unreadOf(me)).toBe(2);
  });
});

/** forum's slice of a comment's subscribers, keyed by the comment event. */
function subscribersSlice(comment: EventOf<'forum.comment.created'>, subscriber_ids: string[]) {
  const { comment_id, post_id, post_title, post_author_id, parent_id, parent_author_id } = comment;
  const { author_id, author_username, content_preview, created_at } = comment;
  return createEvent(Subjects.CommentSubscribers, {
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
    comment_event_id: comment.id,
    slice: 0,
    subscriber_ids,
  });
}
