import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Types } from 'mongoose';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_TYPES,
  Subjects,
  type EventData,
} from '@forum/contracts';
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
const PATH = '/api/notifications/preferences';

const put = (as: TestUser, body: unknown) => h.call<Json>('PUT', PATH, { as, body });
const kinds = async (user: TestUser) =>
  (await h.models.Notification.find({ user_id: new Types.ObjectId(user.id) }).lean()).map(
    (n) => n.type,
  );
const stored = (user: TestUser) =>
  h.models.NotificationPreference.countDocuments({ user_id: new Types.ObjectId(user.id) });

const upvote = (
  post_author_id: string,
  over: Partial<EventData<'forum.post.voted'>> = {},
): EventData<'forum.post.voted'> => ({
  post_id: newId(),
  post_title: 'Votable',
  post_author_id,
  community_id: newId(),
  voter_id: newId(),
  voter_username: 'voter',
  vote_type: 1,
  previous_vote_type: 0,
  score_delta: 1,
  ...over,
});

describe('GET/PUT /api/notifications/preferences (EXTENSIONS §B2)', () => {
  it('answers every type on for a user who never chose', async () => {
    const me = await h.user();
    const res = await h.call<Json>('GET', PATH, { as: me });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
    expect(Object.keys(res.body).sort()).toEqual([...NOTIFICATION_TYPES].sort());
  });

  it('stores a partial change and keeps the other types as they were', async () => {
    const me = await h.user();
    let res = await put(me, { post_vote: false, private_message: false });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      post_vote: false,
      private_message: false,
    });
    // Turning one back on leaves the other off.
    res = await put(me, { post_vote: true, election: false });
    expect(res.body).toEqual({
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      private_message: false,
      election: false,
    });
    expect((await h.call<Json>('GET', PATH, { as: me })).body).toEqual(res.body);
    // Someone else's are untouched.
    const other = await h.user();
    expect((await h.call<Json>('GET', PATH, { as: other })).body).toEqual(
      DEFAULT_NOTIFICATION_PREFERENCES,
    );
    expect(await stored(me)).toBe(1);
  });

  it.each([
    ['an unknown type', { no_such_type: false }],
    ['a known and an unknown type', { post_vote: false, no_such_type: false }],
    ['a value that is not a boolean', { post_vote: 'false' }],
    ['null', { post_vote: null }],
    ['an empty body', {}],
    ['an array', [false]],
  ])('refuses %s with 400 and stores nothing', async (_, body) => {
    const me = await h.user();
    const res = await put(me, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual(expect.any(String));
    expect(await stored(me)).toBe(0);
  });

  it('refuses malformed JSON with 400', async () => {
    const me = await h.user();
    const res = await h.call<Json>('PUT', PATH, { as: me, rawBody: '{"post_vote":' });
    expect(res.status).toBe(400);
    expect(await stored(me)).toBe(0);
  });

  it('answers 401 without a token, for both', async () => {
    expect((await h.call('GET', PATH)).status).toBe(401);
    expect((await h.call('PUT', PATH, { body: { post_vote: false } })).status).toBe(401);
  });
});

describe('a type turned off creates no notification', () => {
  it('post_vote (coalesced), reply_to_comment and private_message: none; other types still arrive', async () => {
    const [me, friend, control] = await Promise.all([h.user(), h.user(), h.user()]);
    expect(
      (await put(me, { post_vote: false, reply_to_comment: false, private_message: false })).status,
    ).toBe(200);

    await h.publish(Subjects.PostVoted, upvote(me.id));
    await h.publish(Subjects.PostVoted, upvote(control.id));
    await h.publish(
      Subjects.CommentCreated,
      commentData({ parent_id: newId(), parent_author_id: me.id, author_id: friend.id }),
    );
    // Still on: a top-level comment on my post.
    await h.publish(
      Subjects.CommentCreated,
      commentData({ post_author_id: me.id, author_id: friend.id }),
    );
    const sent = await h.call<Json>('POST', '/api/messages/conversations', {
      as: friend,
      body: { recipientUsername: me.username, subject: 'Hi', content: 'Hello' },
    });
    expect(sent.status).toBe(201);
    // The other way round: friend keeps private_message on.
    await h.call('POST', '/api/messages/conversations', {
      as: me,
      body: { recipientUsername: friend.username, subject: 'Back', content: 'Hey' },
    });
    await h.caughtUp();

    expect(await kinds(me)).toEqual(['reply_to_post']);
    expect(await kinds(control)).toEqual(['post_vote']);
    expect(await kinds(friend)).toEqual(['private_message']);
    // The message itself arrived: only its notification is off.
    const unread = await h.call<Json>('GET', '/api/messages/unread-count', { as: me });
    expect(unread.body.unreadCount).toBe(1);

    // Back on: the next upvote notifies again.
    await put(me, { post_vote: true });
    await h.publish(Subjects.PostVoted, upvote(me.id));
    await h.caughtUp();
    expect((await kinds(me)).sort()).toEqual(['post_vote', 'reply_to_post']);
  });

  it('one recipient of a fan-out turning post_comment off does not stop the others', async () => {
    const [author, quiet, loud, commenter] = await Promise.all([
      h.user(),
      h.user(),
      h.user(),
      h.user(),
    ]);
    await put(quiet, { post_comment: false });
    await h.publish(
      Subjects.CommentCreated,
      commentData({
        post_author_id: author.id,
        author_id: commenter.id,
        subscriber_ids: [quiet.id, loud.id],
      }),
    );
    await h.caughtUp();
    expect(await kinds(author)).toEqual(['reply_to_post']);
    expect(await kinds(quiet)).toEqual([]);
    expect(await kinds(loud)).toEqual(['post_comment']);
  });

  it('the author who turned reply_to_post off is not told as a subscriber instead', async () => {
    const [author, commenter] = await Promise.all([h.user(), h.user()]);
    await put(author, { reply_to_post: false });
    await h.publish(
      Subjects.CommentCreated,
      commentData({
        post_author_id: author.id,
        author_id: commenter.id,
        subscriber_ids: [author.id],
      }),
    );
    await h.caughtUp();
    expect(await kinds(author)).toEqual([]);
  });

  it('covers the identity-driven kinds too (badge_earned)', async () => {
    const me = await h.user();
    await put(me, { badge_earned: false });
    await h.publish(Subjects.BadgeEarned, {
      user_id: me.id,
      badge_id: newId(),
      badge_type: 'other',
      name: 'Star',
      description: 'Shiny',
      icon: 'star',
      earned_at: new Date().toISOString(),
    });
    await h.caughtUp();
    expect(await kinds(me)).toEqual([]);
  });
});
