import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Types } from 'mongoose';
import { Subjects } from '@forum/contracts';
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

const list = async (as: TestUser, query = '') =>
  (await h.call<Json>('GET', `/api/notifications${query}`, { as })).body;
const unread = async (as: TestUser) =>
  (await h.call<Json>('GET', '/api/notifications/unread-count', { as })).body.unreadCount as number;
const mine = (user: TestUser) =>
  h.models.Notification.find({ user_id: new Types.ObjectId(user.id) })
    .sort({ created_at: 1 })
    .lean();

const vote = (over: Partial<Record<string, unknown>>) => ({
  voter_username: 'voter',
  vote_type: 1 as const,
  previous_vote_type: 0 as const,
  score_delta: 1,
  voter_id: newId(),
  ...over,
});

describe('notifications from forum.comment.created', () => {
  it('tells the post author (reply_to_post) and subscribers (post_comment), never the commenter', async () => {
    const [author, sub1, sub2, commenter] = await Promise.all([
      h.user(),
      h.user(),
      h.user(),
      h.user(),
    ]);
    const data = commentData({
      post_author_id: author.id,
      author_id: commenter.id,
      author_username: commenter.username,
      post_title: 'My post',
      content_preview: 'Great!',
      // The author and the commenter are subscribed too: neither gets a second notification.
      subscriber_ids: [sub1.id, sub2.id, author.id, commenter.id],
    });
    await h.publish(Subjects.CommentCreated, data);
    await h.caughtUp();

    const res = await list(author);
    expect(res.totalCount).toBe(1);
    expect(res.notifications[0]).toEqual({
      id: expect.stringMatching(/^[a-f0-9]{24}$/),
      type: 'reply_to_post',
      title: `u/${commenter.username} commented on your post`,
      content: '"My post": Great!',
      is_read: false,
      created_at: data.created_at,
      related_id: data.comment_id,
      post_id: data.post_id,
    });
    for (const sub of [sub1, sub2]) {
      const [n] = (await list(sub)).notifications;
      expect(n).toMatchObject({
        type: 'post_comment',
        related_id: data.comment_id,
        post_id: data.post_id,
      });
    }
    expect((await list(commenter)).totalCount).toBe(0);
  });

  it('tells the parent comment’s author on a reply (reply_to_comment), not the post author', async () => {
    const [postAuthor, parentAuthor, replier] = await Promise.all([h.user(), h.user(), h.user()]);
    const data = commentData({
      post_author_id: postAuthor.id,
      parent_id: newId(),
      parent_author_id: parentAuthor.id,
      author_id: replier.id,
      subscriber_ids: [parentAuthor.id],
    });
    await h.publish(Subjects.CommentCreated, data);
    await h.caughtUp();
    const got = await mine(parentAuthor);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({
      type: 'reply_to_comment',
      related_id: data.comment_id,
      post_id: data.post_id,
    });
    expect(await mine(postAuthor)).toHaveLength(0);
  });

  it('does not notify someone replying to their own comment or post', async () => {
    const me = await h.user();
    await h.publish(
      Subjects.CommentCreated,
      commentData({ post_author_id: me.id, author_id: me.id }),
    );
    await h.publish(
      Subjects.CommentCreated,
      commentData({ parent_id: newId(), parent_author_id: me.id, author_id: me.id }),
    );
    await h.caughtUp();
    expect(await mine(me)).toHaveLength(0);
  });
});

describe('coalesced vote notifications', () => {
  it('folds upvotes on one post into one unread notification whose count grows', async () => {
    const author = await h.user();
    const post = {
      post_id: newId(),
      post_title: 'Votable',
      post_author_id: author.id,
      community_id: newId(),
    };
    for (let i = 0; i < 3; i++) await h.publish(Subjects.PostVoted, { ...post, ...vote({}) });
    // Not news: a downvote, a removal, and the author's own upvote.
    await h.publish(Subjects.PostVoted, { ...post, ...vote({ vote_type: -1, score_delta: -1 }) });
    await h.publish(Subjects.PostVoted, {
      ...post,
      ...vote({ vote_type: 0, previous_vote_type: 1, score_delta: -1 }),
    });
    await h.publish(Subjects.PostVoted, { ...post, ...vote({ voter_id: author.id }) });
    await h.caughtUp();

    let res = await list(author);
    expect(res.totalCount).toBe(1);
    expect(res.notifications[0]).toMatchObject({
      type: 'post_vote',
      title: 'Your post received 3 upvotes',
      content: '"Votable"',
      related_id: post.post_id,
      post_id: post.post_id,
      is_read: false,
    });
    // Once read, the next upvote starts a new one.
    await h.call('PUT', `/api/notifications/${res.notifications[0].id}/read`, { as: author });
    await h.publish(Subjects.PostVoted, { ...post, ...vote({}) });
    await h.caughtUp();
    res = await list(author);
    expect(res.totalCount).toBe(2);
    expect(res.notifications[0]).toMatchObject({
      title: 'Your post received an upvote',
      is_read: false,
    });
    expect(res.notifications[1]).toMatchObject({
      title: 'Your post received 3 upvotes',
      is_read: true,
    });
  });

  it('coalesces comment upvotes per comment and routes to the comment', async () => {
    const author = await h.user();
    const [c1, c2, postId] = [newId(), newId(), newId()];
    const base = { post_id: postId, comment_author_id: author.id, post_title: 'Thread' };
    await h.publish(Subjects.CommentVoted, { ...base, comment_id: c1, ...vote({}) });
    await h.publish(Subjects.CommentVoted, {
      ...base,
      comment_id: c1,
      ...vote({ previous_vote_type: -1, score_delta: 2 }),
    });
    await h.publish(Subjects.CommentVoted, { ...base, comment_id: c2, ...vote({}) });
    await h.caughtUp();
    const res = await list(author);
    expect(res.totalCount).toBe(2);
    const byComment = Object.fromEntries(res.notifications.map((n: Json) => [n.related_id, n]));
    expect(byComment[c1]).toMatchObject({
      type: 'comment_vote',
      title: 'Your comment received 2 upvotes',
      post_id: postId,
      content: 'On "Thread"',
    });
    expect(byComment[c2]).toMatchObject({ title: 'Your comment received an upvote' });
  });

  it('ignores a redelivered vote event, even when the processed-event record is gone', async () => {
    const author = await h.user();
    const post = {
      post_id: newId(),
      post_title: 'Once',
      post_author_id: author.id,
      community_id: newId(),
    };
    const data = { ...post, ...vote({}) };
    const eventId = await h.publish(Subjects.PostVoted, data);
    await h.caughtUp();
    // The same event again, past JetStream's de-duplication: first the guard stops it, then
    // (record deleted, as after a crash between effect and record) the notification itself does.
    const redeliver = () =>
      h.publishRaw(Subjects.PostVoted, {
        ...data,
        id: eventId,
        occurred_at: new Date().toISOString(),
        version: 1,
      });
    await redeliver();
    await h.caughtUp();
    await h.service.conn.collection('processed_events').deleteMany({ event_id: eventId });
    await redeliver();
    await h.caughtUp();
    const docs = await mine(author);
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({ count: 1, title: 'Your post received an upvote' });
  });
});

describe('notifications from identity and messaging events', () => {
  it('welcomes each new user with the referral program announcement', async () => {
    const userId = newId();
    await h.publish(Subjects.UserRegistered, {
      user_id: userId,
      username: 'newbie',
      avatar_url: null,
      created_at: new Date().toISOString(),
      referred_by_user_id: null,
    });
    await h.caughtUp();
    const docs = await h.models.Notification.find({ user_id: new Types.ObjectId(userId) }).lean();
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({
      type: 'referral_program_announcement',
      related_id: null,
      post_id: null,
    });
  });

  it('tells the referrer about a completed referral and the earner about a badge', async () => {
    const referrer = await h.user();
    const referredId = newId();
    await h.publish(Subjects.ReferralCompleted, {
      referrer_id: referrer.id,
      referrer_username: referrer.username,
      referred_user_id: referredId,
      referred_username: 'friend',
      completed_referrals: 3,
    });
    const badgeId = newId();
    await h.publish(Subjects.BadgeEarned, {
      user_id: referrer.id,
      badge_id: badgeId,
      badge_type: 'community_builder',
      name: 'Community Builder',
      description: 'Invited 3 friends',
      icon: 'users',
      earned_at: new Date(Date.now() + 1000).toISOString(),
    });
    await h.caughtUp();
    const res = await list(referrer);
    expect(res.notifications.map((n: Json) => n.type)).toEqual([
      'badge_earned',
      'referral_success',
    ]);
    expect(res.notifications[0]).toMatchObject({
      title: 'You earned the Community Builder badge',
      content: 'Invited 3 friends',
      related_id: badgeId,
    });
    expect(res.notifications[1].content).toContain('u/friend');
  });

  it('tells the recipient of a private message, with related_id = the conversation', async () => {
    const [a, b] = [await h.user(), await h.user()];
    const created = await h.call<Json>('POST', '/api/messages/conversations', {
      as: a,
      body: { recipientUsername: b.username, subject: 'Hi there', content: 'How are you?' },
    });
    await h.caughtUp();
    const [n] = (await list(b)).notifications;
    expect(n).toMatchObject({
      type: 'private_message',
      title: `New message from u/${a.username}`,
      content: 'Hi there: How are you?',
      related_id: created.body.id,
      post_id: null,
    });
    expect((await list(a)).totalCount).toBe(0);
  });
});

describe('notification endpoints', () => {
  it('pages newest first with totalCount and hasMore; counts unread; marks read', async () => {
    const [me, other] = [await h.user(), await h.user()];
    const base = Date.now();
    for (let i = 0; i < 23; i++) {
      await h.publish(
        Subjects.CommentCreated,
        commentData({
          post_author_id: me.id,
          content_preview: `c${i}`,
          created_at: new Date(base + i * 1000).toISOString(),
        }),
      );
    }
    await h.caughtUp();
    const page1 = await list(me);
    expect(page1.totalCount).toBe(23);
    expect(page1.hasMore).toBe(true);
    expect(page1.notifications).toHaveLength(20);
    expect(page1.notifications[0].content).toContain('c22');
    const page2 = await list(me, '?page=2');
    expect(page2).toMatchObject({ totalCount: 23, hasMore: false });
    expect(page2.notifications.map((n: Json) => n.content.slice(-2))).toEqual(['c2', 'c1', 'c0']);
    expect((await list(me, '?limit=5')).notifications).toHaveLength(5);
    expect(await unread(me)).toBe(23);

    const target = page1.notifications[3];
    const byOther = await h.call<Json>('PUT', `/api/notifications/${target.id}/read`, {
      as: other,
    });
    expect(byOther.status).toBe(404);
    expect(byOther.body).toEqual({ error: 'Notification not found' });
    expect((await h.call('PUT', '/api/notifications/nope/read', { as: me })).status).toBe(404);
    expect((await h.call('PUT', `/api/notifications/${newId()}/read`, { as: me })).status).toBe(
      404,
    );

    for (let i = 0; i < 2; i++) {
      const res = await h.call<Json>('PUT', `/api/notifications/${target.id}/read`, { as: me });
      expect(res.status).toBe(200);
      expect(res.body.notification).toMatchObject({ id: target.id, is_read: true });
    }
    expect(await unread(me)).toBe(22);
    const all = await h.call<Json>('PUT', '/api/notifications/mark-all-read', { as: me });
    expect(all.body).toEqual({ updated: 22, unreadCount: 0 });
    expect(await unread(me)).toBe(0);
    expect((await list(me)).notifications.every((n: Json) => n.is_read)).toBe(true);
  });

  it('requires a token', async () => {
    for (const [method, path] of [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/unread-count'],
      ['PUT', `/api/notifications/${newId()}/read`],
      ['PUT', '/api/notifications/mark-all-read'],
    ] as const) {
      expect((await h.call(method, path)).status, `${method} ${path}`).toBe(401);
    }
  });
});
