import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CastVoteResponse,
  CommentPageResponse,
  CommentResponse,
  CommentThreadsResponse,
  type CommentThread,
} from '@forum/contracts';
import { startHarness, type Harness, type TestUser } from './test-support/harness.js';
import { comment, commentCount, communityWithPost } from './test-support/comments.js';

let h: Harness;
let author: TestUser;
let other: TestUser;
let post: string;

beforeAll(async () => {
  h = await startHarness();
  author = await h.user('commentauthor');
  other = await h.user('otherperson');
  ({ post } = await communityWithPost(h, author));
});
afterAll(async () => h?.stop());

const threads = async (path: string, as?: TestUser) => {
  const res = await h.call('GET', path, as ? { as } : {});
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return CommentThreadsResponse.parse(res.body);
};

describe('POST /api/comments', () => {
  it('creates a top-level comment with the §3 fields, depth 0 and plain text', async () => {
    const c = await comment(h, other, post, null, '  <b>Hello</b> <script>x</script>there  ');
    expect(c).toMatchObject({
      content: 'Hello xthere',
      post_id: post,
      parent_id: null,
      author_id: other.id,
      author_username: other.username,
      score: 0,
      upvotes: 0,
      downvotes: 0,
      depth: 0,
      is_deleted: false,
      reply_count: 0,
      user_vote: null,
      is_saved: false,
    });
  });

  it('refuses blank, markup-only and oversize content with the spec text', async () => {
    for (const content of ['', '   ', '<b></b>']) {
      const res = await h.call('POST', '/api/comments', {
        as: other,
        body: { content, post_id: post },
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('Comment content is required');
    }
    const long = await h.call('POST', '/api/comments', {
      as: other,
      body: { content: 'x'.repeat(10_001), post_id: post },
    });
    expect(long.status).toBe(400);
    expect(long.body.error).toBe('Comment must be at most 10,000 characters long');
    const max = await h.call('POST', '/api/comments', {
      as: other,
      body: { content: 'x'.repeat(10_000), post_id: post },
    });
    expect(max.status).toBe(201);
  });

  it('computes depth on the server and stops at depth 3 (spec §9)', async () => {
    const top = await comment(h, author, post);
    const d1 = await comment(h, other, post, top.id);
    const d2 = await comment(h, author, post, d1.id);
    const d3 = await comment(h, other, post, d2.id);
    expect([top.depth, d1.depth, d2.depth, d3.depth]).toEqual([0, 1, 2, 3]);
    const tooDeep = await h.call('POST', '/api/comments', {
      as: author,
      body: { content: 'deeper', post_id: post, parent_id: d3.id },
    });
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body.error).toBe('Maximum reply depth reached');
    const parent = CommentResponse.parse((await h.call('GET', `/api/comments/${d2.id}`)).body);
    expect(parent.comment.reply_count).toBe(1);
  });

  it('refuses a parent of another post, a missing parent and a missing post', async () => {
    const { post: otherPost } = await communityWithPost(h, author);
    const foreign = await comment(h, author, otherPost);
    const res = await h.call('POST', '/api/comments', {
      as: other,
      body: { content: 'x', post_id: post, parent_id: foreign.id },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('The parent comment belongs to another post');
    const missingParent = await h.call('POST', '/api/comments', {
      as: other,
      body: { content: 'x', post_id: post, parent_id: '0'.repeat(24) },
    });
    expect(missingParent.status).toBe(404);
    const missingPost = await h.call('POST', '/api/comments', {
      as: other,
      body: { content: 'x', post_id: '0'.repeat(24) },
    });
    expect(missingPost.status).toBe(404);
    expect(missingPost.body.error).toBe('Post not found');
  });

  it('moves the post comment_count', async () => {
    const { post: p } = await communityWithPost(h, author);
    const a = await comment(h, other, p);
    await comment(h, other, p, a.id);
    expect(await commentCount(h, p)).toBe(2);
  });
});

describe('threads', () => {
  it('nests replies to depth 3 under top-level comments, in the chosen order', async () => {
    const { post: p } = await communityWithPost(h, author);
    const first = await comment(h, author, p, null, 'first');
    const second = await comment(h, author, p, null, 'second');
    const r1 = await comment(h, other, p, first.id, 'r1');
    const r2 = await comment(h, other, p, first.id, 'r2');
    const r21 = await comment(h, author, p, r2.id, 'r21');
    const r211 = await comment(h, other, p, r21.id, 'r211');
    await h.call('POST', `/api/comments/${r2.id}/vote`, { as: other, body: { vote_type: 1 } });
    await h.call('POST', `/api/comments/${second.id}/vote`, { as: other, body: { vote_type: 1 } });

    const best = await threads(`/api/comments/post/${p}?sortBy=best`, other);
    expect(best.comments.map((c) => c.id)).toEqual([second.id, first.id]);
    const f = best.comments[1]!;
    expect(f.replies.map((c) => c.id)).toEqual([r2.id, r1.id]);
    expect(f.replies[0]!.replies[0]!.id).toBe(r21.id);
    expect(f.replies[0]!.replies[0]!.replies[0]!.id).toBe(r211.id);
    expect(f.replies[0]!.replies[0]!.replies[0]!.depth).toBe(3);
    expect(f.replies[0]!.user_vote).toBe(1);
    expect(best.pagination).toEqual({ total: 2, hasMore: false });

    const newest = await threads(`/api/comments/post/${p}?sortBy=new`);
    expect(newest.comments.map((c) => c.id)).toEqual([second.id, first.id]);
    expect(newest.comments[1]!.replies.map((c) => c.id)).toEqual([r2.id, r1.id]);
    const oldest = await threads(`/api/comments/post/${p}?sortBy=old`);
    expect(oldest.comments.map((c) => c.id)).toEqual([first.id, second.id]);
    expect(oldest.comments[0]!.replies.map((c) => c.id)).toEqual([r1.id, r2.id]);
    const top = await threads(`/api/comments/post/${p}?sortBy=top&limit=1&offset=1`);
    expect(top.comments.map((c) => c.id)).toEqual([first.id]);
    expect(top.pagination).toEqual({ total: 2, hasMore: false });
    const page1 = await threads(`/api/comments/post/${p}?sortBy=old&limit=1`);
    expect(page1.pagination.hasMore).toBe(true);

    const same = await threads(`/api/posts/${p}/comments?sortBy=old`);
    expect(same).toEqual(oldest);

    const replies = await threads(`/api/comments/${first.id}/replies?sortBy=old`);
    expect(replies.comments.map((c) => c.id)).toEqual([r1.id, r2.id]);
    expect(replies.comments[1]!.replies[0]!.replies[0]!.id).toBe(r211.id);
    expect(replies.pagination).toEqual({ total: 2, hasMore: false });
    const deep = await threads(`/api/comments/${r21.id}/replies`);
    expect(deep.comments.map((c) => c.id)).toEqual([r211.id]);
  });

  it('answers 404 for a missing post or comment', async () => {
    expect((await h.call('GET', `/api/comments/post/${'0'.repeat(24)}`)).status).toBe(404);
    expect((await h.call('GET', `/api/comments/${'0'.repeat(24)}`)).status).toBe(404);
    expect((await h.call('GET', `/api/comments/${'0'.repeat(24)}/replies`)).status).toBe(404);
  });
});

describe('edit and delete', () => {
  it('lets the author edit; others get 403', async () => {
    const c = await comment(h, author, post);
    const denied = await h.call('PUT', `/api/comments/${c.id}`, {
      as: other,
      body: { content: 'x' },
    });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe('You do not have permission to edit this comment');
    const blank = await h.call('PUT', `/api/comments/${c.id}`, {
      as: author,
      body: { content: ' ' },
    });
    expect(blank.body.error).toBe('Comment content is required');
    const ok = await h.call('PUT', `/api/comments/${c.id}`, {
      as: author,
      body: { content: ' <i>edited</i> ' },
    });
    expect(CommentResponse.parse(ok.body).comment.content).toBe('edited');
  });

  it('removes a leaf, keeps a placeholder for a comment with replies, prunes it later', async () => {
    const { post: p } = await communityWithPost(h, author);
    const parent = await comment(h, author, p, null, 'parent');
    const child = await comment(h, other, p, parent.id, 'child');
    const leaf = await comment(h, author, p, null, 'leaf');
    await h.call('POST', `/api/comments/${parent.id}/save`, { as: other });
    expect(await commentCount(h, p)).toBe(3);

    const denied = await h.call('DELETE', `/api/comments/${parent.id}`, { as: other });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe('You do not have permission to delete this comment');

    expect((await h.call('DELETE', `/api/comments/${leaf.id}`, { as: author })).body).toEqual({
      message: 'Comment deleted',
    });
    expect((await h.call('GET', `/api/comments/${leaf.id}`)).status).toBe(404);

    await h.call('DELETE', `/api/comments/${parent.id}`, { as: author });
    const placeholder = CommentResponse.parse(
      (await h.call('GET', `/api/comments/${parent.id}`)).body,
    ).comment;
    expect(placeholder).toMatchObject({
      content: '[deleted]',
      author_id: null,
      author_username: '[deleted]',
      is_deleted: true,
      reply_count: 1,
    });
    const list = await threads(`/api/comments/post/${p}`);
    expect(list.comments.map((c) => c.id)).toEqual([parent.id]);
    expect(list.comments[0]!.replies[0]!.id).toBe(child.id);
    expect(await commentCount(h, p)).toBe(1);
    // Gone for writes, and its saves went with it.
    expect((await h.call('DELETE', `/api/comments/${parent.id}`, { as: author })).status).toBe(404);
    expect(
      (await h.call('PUT', `/api/comments/${parent.id}`, { as: author, body: { content: 'x' } }))
        .status,
    ).toBe(404);
    expect(
      (
        await h.call('POST', `/api/comments/${parent.id}/vote`, {
          as: other,
          body: { vote_type: 1 },
        })
      ).status,
    ).toBe(404);
    const replyToDeleted = await h.call('POST', '/api/comments', {
      as: other,
      body: { content: 'x', post_id: p, parent_id: parent.id },
    });
    expect(replyToDeleted.status).toBe(400);
    expect((await h.call('GET', `/api/comments/${parent.id}/saved`, { as: other })).body).toEqual({
      saved: false,
    });
    const mine = CommentPageResponse.parse(
      (await h.call('GET', '/api/auth/me/comments', { as: author })).body,
    );
    expect(mine.comments.map((c) => c.id)).not.toContain(parent.id);

    // The last reply goes: the placeholder has nothing left to hold and goes too.
    await h.call('DELETE', `/api/comments/${child.id}`, { as: other });
    expect((await h.call('GET', `/api/comments/${parent.id}`)).status).toBe(404);
    expect((await threads(`/api/comments/post/${p}`)).comments).toEqual([]);
    expect(await commentCount(h, p)).toBe(0);
  });
});

describe('votes', () => {
  it('follows the spec §4 state machine and keeps best current', async () => {
    const c = await comment(h, author, post);
    const vote = async (v: 1 | -1) =>
      CastVoteResponse.parse(
        (await h.call('POST', `/api/comments/${c.id}/vote`, { as: other, body: { vote_type: v } }))
          .body,
      );
    expect(await vote(1)).toEqual({ vote: { vote_type: 1 }, score: 1, upvotes: 1, downvotes: 0 });
    expect(await vote(-1)).toEqual({
      vote: { vote_type: -1 },
      score: -1,
      upvotes: 0,
      downvotes: 1,
    });
    expect(await vote(-1)).toEqual({
      vote: { vote_type: null },
      score: 0,
      upvotes: 0,
      downvotes: 0,
    });
    await vote(1);
    expect((await h.call('GET', `/api/comments/${c.id}/vote`, { as: other })).body).toEqual({
      vote: { vote_type: 1 },
    });
    expect((await h.call('GET', `/api/comments/${c.id}/vote`)).body).toEqual({
      vote: { vote_type: null },
    });
    const stored = await h.models.Comment.findById(c.id).lean();
    expect(stored?.best).toBeCloseTo(0.3784, 3);
    const own = await h.call('POST', `/api/comments/${c.id}/vote`, {
      as: author,
      body: { vote_type: 1 },
    });
    expect(own.status).toBe(200);
  });

  it('stays exact under concurrent votes', async () => {
    const c = await comment(h, author, post);
    const voters = await Promise.all(Array.from({ length: 20 }, () => h.user()));
    await Promise.all(
      voters.map((v, i) =>
        h.call('POST', `/api/comments/${c.id}/vote`, {
          as: v,
          body: { vote_type: i % 4 ? 1 : -1 },
        }),
      ),
    );
    const stored = await h.models.Comment.findById(c.id).lean();
    expect([stored?.score, stored?.upvotes, stored?.downvotes]).toEqual([10, 15, 5]);
    expect(await h.models.CommentVote.countDocuments({ comment_id: stored?._id })).toBe(20);
  });
});

describe('saves', () => {
  it('saves idempotently, lists newest first with where it lives, unsaving removes it', async () => {
    const { post: p, title } = await communityWithPost(h, author);
    const saver = await h.user();
    const a = await comment(h, author, p, null, 'first saved');
    const b = await comment(h, author, p, null, 'second saved');
    expect((await h.call('GET', `/api/comments/${a.id}/saved`, { as: saver })).body).toEqual({
      saved: false,
    });
    for (const id of [a.id, b.id, b.id]) {
      expect((await h.call('POST', `/api/comments/${id}/save`, { as: saver })).body).toEqual({
        saved: true,
      });
    }
    expect((await h.call('GET', `/api/comments/${a.id}/saved`, { as: saver })).body).toEqual({
      saved: true,
    });
    expect((await h.call('GET', `/api/comments/${a.id}/saved`)).body).toEqual({ saved: false });
    const list = CommentPageResponse.parse(
      (await h.call('GET', '/api/comments/saved/my?limit=1', { as: saver })).body,
    );
    expect(list.comments.map((c) => c.id)).toEqual([b.id]);
    expect(list.comments[0]).toMatchObject({ post_title: title, is_saved: true });
    expect(list.comments[0]!.saved_at).toBeTruthy();
    expect(list.comments[0]!.community_name).toBeTruthy();
    expect(list.pagination).toEqual({ total: 2, hasMore: true });
    expect((await h.call('DELETE', `/api/comments/${b.id}/save`, { as: saver })).body).toEqual({
      saved: false,
    });
    expect((await h.call('DELETE', `/api/comments/${b.id}/save`, { as: saver })).body).toEqual({
      saved: false,
    });
    const after = CommentPageResponse.parse(
      (await h.call('GET', '/api/comments/saved/my', { as: saver })).body,
    );
    expect(after.comments.map((c) => c.id)).toEqual([a.id]);
    expect(after.pagination).toEqual({ total: 1, hasMore: false });
  });
});

describe('profile comment lists', () => {
  it('lists a user’s comments newest first with the post title; 404 for an unknown user', async () => {
    const writer = await h.user();
    const { post: p, title } = await communityWithPost(h, author);
    const one = await comment(h, writer, p, null, 'one');
    const two = await comment(h, writer, p, one.id, 'two');
    const theirs = CommentPageResponse.parse(
      (await h.call('GET', `/api/auth/user/${writer.username.toUpperCase()}/comments`)).body,
    );
    expect(theirs.comments.map((c) => c.id)).toEqual([two.id, one.id]);
    expect(theirs.comments[0]).toMatchObject({ post_title: title });
    expect(theirs.pagination).toEqual({ total: 2, hasMore: false });
    const mine = CommentPageResponse.parse(
      (await h.call('GET', '/api/auth/me/comments?limit=1', { as: writer })).body,
    );
    expect(mine.comments.map((c) => c.id)).toEqual([two.id]);
    expect(mine.pagination).toEqual({ total: 2, hasMore: true });
    const missing = await h.call('GET', '/api/auth/user/nobodyatall/comments');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('User not found');
  });
});

describe('cascades', () => {
  it('deleting a post or a community removes comments, comment votes and comment saves', async () => {
    for (const target of ['post', 'community'] as const) {
      const { post: p, community } = await communityWithPost(h, author);
      const c = await comment(h, other, p);
      await comment(h, author, p, c.id);
      await h.call('POST', `/api/comments/${c.id}/vote`, { as: author, body: { vote_type: 1 } });
      await h.call('POST', `/api/comments/${c.id}/save`, { as: author });
      const path = target === 'post' ? `/api/posts/${p}` : `/api/communities/${community}`;
      expect((await h.call('DELETE', path, { as: author })).status).toBe(200);
      const byPost = { post_id: c.post_id };
      expect(await h.models.Comment.countDocuments(byPost)).toBe(0);
      expect(await h.models.CommentVote.countDocuments(byPost)).toBe(0);
      expect(await h.models.CommentSave.countDocuments(byPost)).toBe(0);
    }
  });
});

export type { CommentThread };
