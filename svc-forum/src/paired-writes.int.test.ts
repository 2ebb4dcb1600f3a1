import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Types } from 'mongoose';
import { crashOnce } from './test-support/crash.js';
import {
  communityBody,
  startHarness,
  uniqueName,
  type Harness,
  type TestUser,
} from './test-support/harness.js';
import { comment, commentCount, communityWithPost } from './test-support/comments.js';

// Issue 24: two writes that must stand or fall together run in one transaction. Each test makes
// the second write (or the outbox event) fail and checks that the first left nothing behind,
// then that the same request succeeds once the fault is gone.

let h: Harness;
let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  h = await startHarness();
  owner = await h.user();
  other = await h.user();
});
afterAll(async () => h?.stop());
afterEach(() => {
  vi.restoreAllMocks();
});

const oid = (id: string) => new Types.ObjectId(id);

describe('a failure between paired writes leaves neither', () => {
  it('comment: the comment, its reply slot and comment_count stand or fall with forum.comment.created', async () => {
    const { post } = await communityWithPost(h, owner);
    const top = await comment(h, other, post);
    crashOnce(h.outbox, 'add');
    const res = await h.call('POST', '/api/comments', {
      as: other,
      body: { content: 'lost?', post_id: post, parent_id: top.id },
    });
    expect(res.status).toBe(500);
    expect(await h.models.Comment.countDocuments({ post_id: oid(post) })).toBe(1);
    expect((await h.models.Comment.findById(top.id).lean())?.reply_count).toBe(0);
    expect(await commentCount(h, post)).toBe(1);

    await comment(h, other, post, top.id, 'kept');
    expect((await h.models.Comment.findById(top.id).lean())?.reply_count).toBe(1);
    expect(await commentCount(h, post)).toBe(2);
  });

  it('post vote: the vote and the counters stand or fall with forum.post.voted', async () => {
    const { post } = await communityWithPost(h, owner);
    crashOnce(h.outbox, 'add');
    const vote = () =>
      h.call('POST', `/api/posts/${post}/vote`, { as: other, body: { vote_type: 1 } });
    expect((await vote()).status).toBe(500);
    expect(await h.models.PostVote.countDocuments({ post_id: oid(post) })).toBe(0);
    expect((await h.models.Post.findById(post).lean())?.score).toBe(0);

    expect((await vote()).body).toMatchObject({ vote: { vote_type: 1 }, score: 1 });
    expect(await h.models.PostVote.countDocuments({ post_id: oid(post) })).toBe(1);
  });

  it('comment vote: the vote and the counters stand or fall with forum.comment.voted', async () => {
    const { post } = await communityWithPost(h, owner);
    const c = await comment(h, owner, post);
    crashOnce(h.outbox, 'add');
    const vote = () =>
      h.call('POST', `/api/comments/${c.id}/vote`, { as: other, body: { vote_type: -1 } });
    expect((await vote()).status).toBe(500);
    expect(await h.models.CommentVote.countDocuments({ comment_id: oid(c.id) })).toBe(0);
    expect((await h.models.Comment.findById(c.id).lean())?.downvotes).toBe(0);

    expect((await vote()).body).toMatchObject({ vote: { vote_type: -1 }, score: -1 });
  });

  it('community: the community and its creator membership (member_count 1)', async () => {
    const name = uniqueName('pw');
    crashOnce(h.models.Membership, 'create');
    const create = () =>
      h.call('POST', '/api/communities', { as: owner, body: communityBody(name) });
    expect((await create()).status).toBe(500);
    expect(await h.models.Community.countDocuments({ name_lower: name.toLowerCase() })).toBe(0);

    // The name is free again (no half-created community holds it).
    const res = await create();
    expect(res.status).toBe(201);
    const id = (res.body as { community: { id: string } }).community.id;
    expect(await h.models.Membership.countDocuments({ community_id: oid(id) })).toBe(1);
  });

  it('join and leave: the membership and member_count', async () => {
    const { community } = await communityWithPost(h, owner);
    const members = async () => (await h.models.Community.findById(community).lean())?.member_count;
    const memberships = () => h.models.Membership.countDocuments({ community_id: oid(community) });

    crashOnce(h.models.Community, 'findOneAndUpdate');
    const join = () => h.call('POST', `/api/communities/${community}/join`, { as: other });
    expect((await join()).status).toBe(500);
    expect([await memberships(), await members()]).toEqual([1, 1]);
    expect((await join()).body).toMatchObject({ isMember: true, member_count: 2 });

    crashOnce(h.models.Community, 'findOneAndUpdate');
    const leave = () => h.call('POST', `/api/communities/${community}/leave`, { as: other });
    expect((await leave()).status).toBe(500);
    expect([await memberships(), await members()]).toEqual([2, 2]);
    expect((await leave()).body).toMatchObject({ isMember: false, member_count: 1 });
    expect([await memberships(), await members()]).toEqual([1, 1]);
  });

  it('post: the post, its author subscription and post_count', async () => {
    const { community } = await communityWithPost(h, owner);
    const posts = () => h.models.Post.countDocuments({ community_id: oid(community) });
    crashOnce(h.models.Community, 'updateOne');
    const create = () =>
      h.call('POST', '/api/posts', {
        as: owner,
        body: { title: 'Twice?', content: 'x', type: 'text', community_id: community },
      });
    expect((await create()).status).toBe(500);
    expect(await posts()).toBe(1);
    expect(await h.models.PostSubscription.countDocuments({ user_id: oid(owner.id) })).toBe(
      await h.models.Post.countDocuments({ author_id: oid(owner.id) }),
    );
    expect((await create()).status).toBe(201);
    expect(await posts()).toBe(2);
    expect((await h.models.Community.findById(community).lean())?.post_count).toBe(2);
  });

  it('reaction: the reaction and its counter', async () => {
    const { post } = await communityWithPost(h, owner);
    crashOnce(h.models.Post, 'findOneAndUpdate');
    const react = () =>
      h.call('POST', `/api/posts/${post}/reactions`, { as: other, body: { reaction_type: 'wow' } });
    expect((await react()).status).toBe(500);
    expect(await h.models.PostReaction.countDocuments({ post_id: oid(post) })).toBe(0);
    expect((await react()).body).toMatchObject({ wow: 1, user_reaction: 'wow' });
  });

  it('comment delete: the comment, its votes and comment_count', async () => {
    const { post } = await communityWithPost(h, owner);
    const c = await comment(h, other, post);
    await h.call('POST', `/api/comments/${c.id}/vote`, { as: owner, body: { vote_type: 1 } });
    crashOnce(h.models.Post, 'updateOne');
    const remove = () => h.call('DELETE', `/api/comments/${c.id}`, { as: other });
    expect((await remove()).status).toBe(500);
    expect(await h.models.Comment.countDocuments({ _id: oid(c.id) })).toBe(1);
    expect(await h.models.CommentVote.countDocuments({ comment_id: oid(c.id) })).toBe(1);
    expect(await commentCount(h, post)).toBe(1);

    expect((await remove()).status).toBe(200);
    expect(await h.models.CommentVote.countDocuments({ comment_id: oid(c.id) })).toBe(0);
    expect(await commentCount(h, post)).toBe(0);
  });
});
