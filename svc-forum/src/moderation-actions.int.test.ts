import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CommentResponse,
  ListPostsResponse,
  ModerationTexts as T,
  PostResponse,
  POST_SORTS,
} from '@forum/contracts';
import type { Harness, TestUser } from './test-support/harness.js';
import {
  modlog,
  startModeration,
  newComment,
  newCommunity,
  newPost,
  ok,
  type ModWorld,
} from './test-support/moderation.js';

let h: Harness;
let admin: TestUser;
let w: ModWorld;
beforeAll(async () => {
  ({ h, admin, w } = await startModeration());
});
afterAll(async () => h?.stop());

const act = (as: TestUser, path: string, body?: unknown) =>
  h.call('POST', path, { as, ...(body ? { body } : {}) });
const postOf = (body: unknown) => PostResponse.parse(body).post;

/** The community's pinned posts as its document keeps them, and as the posts say (newest pin first). */
async function pins(communityId: string): Promise<{ kept: string[]; posts: string[] }> {
  const community = await h.models.Community.findById(communityId).lean();
  const posts = await h.models.Post.find({ community_id: communityId, pinned: true })
    .sort({ pinned_at: -1, _id: -1 })
    .lean();
  return {
    kept: (community?.pinned_post_ids ?? []).map(String),
    posts: posts.map((p) => String(p._id)),
  };
}

describe('remove and restore a post (EXTENSIONS §M2)', () => {
  it('removes with the reason, answers the post as the moderator sees it, and logs once', async () => {
    const p = await newPost(h, w.member, w.community.id);
    const res = await act(w.moderator, `/api/posts/${p.id}/remove`, { reason: '  Spam  ' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const removed = postOf(res.body);
    expect(removed).toMatchObject({ removed: true, removal_reason: 'Spam', title: p.title });
    const [entry] = await modlog(h, w.community.id);
    expect(entry).toMatchObject({
      action: 'remove_post',
      moderator_username: w.moderator.username,
      target_type: 'post',
      target_id: p.id,
      target_title: p.title,
      target_username: w.member.username,
      reason: 'Spam',
      community_id: w.community.id,
      community_name: w.community.name,
    });
    expect(removed.removal_modlog_id).toBe(entry!.id);
  });

  it('answers 409 to a repeat, changing nothing; restore undoes it', async () => {
    const p = await newPost(h, w.member, w.community.id);
    await ok(h, 200, 'POST', `/api/posts/${p.id}/remove`, { as: w.owner, body: { reason: 'R1' } });
    const logged = (await modlog(h, w.community.id)).length;
    const again = await act(w.moderator, `/api/posts/${p.id}/remove`, { reason: 'R2' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: T.alreadyInEffect });
    expect((await modlog(h, w.community.id)).length).toBe(logged);
    const view = postOf(await ok(h, 200, 'GET', `/api/posts/${p.id}`, { as: admin }));
    expect(view.removal_reason).toBe('R1');

    const restored = postOf(await ok(h, 200, 'POST', `/api/posts/${p.id}/restore`, { as: admin }));
    expect(restored.removed).toBe(false);
    expect(restored).not.toHaveProperty('removal_reason');
    expect(restored).not.toHaveProperty('removal_modlog_id');
    expect((await modlog(h, w.community.id))[0]).toMatchObject({
      action: 'restore_post',
      moderator_username: 'admin',
      reason: null,
    });
    expect((await act(w.owner, `/api/posts/${p.id}/restore`)).status).toBe(409);
  });

  it('needs a reason of 1 to 500 characters', async () => {
    const p = await newPost(h, w.member, w.community.id);
    for (const body of [{}, { reason: '   ' }, { reason: '' }, { reason: 7 }]) {
      const res = await act(w.owner, `/api/posts/${p.id}/remove`, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: T.reasonRequired });
    }
    const long = await act(w.owner, `/api/posts/${p.id}/remove`, { reason: 'x'.repeat(501) });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ error: 'Reason must be at most 500 characters' });
    await ok(h, 200, 'POST', `/api/posts/${p.id}/remove`, {
      as: w.owner,
      body: { reason: 'x'.repeat(500) },
    });
  });

  it('answers 404 for a post that does not exist', async () => {
    const res = await act(w.owner, `/api/posts/${'a'.repeat(24)}/remove`, { reason: 'R' });
    expect(res).toEqual({ status: 404, body: { error: 'Post not found' } });
  });
});

describe('lock and unlock (EXTENSIONS §M2)', () => {
  it('stops new comments (403) but not votes, reactions or saves; unlock lets comments in', async () => {
    const p = await newPost(h, w.member, w.community.id);
    const top = await newComment(h, w.member, p.id);
    const locked = postOf(
      await ok(h, 200, 'POST', `/api/posts/${p.id}/lock`, {
        as: w.moderator,
        body: { reason: 'Heated' },
      }),
    );
    expect(locked.locked).toBe(true);
    for (const body of [
      { content: 'New', post_id: p.id },
      { content: 'Reply', post_id: p.id, parent_id: top.id },
    ]) {
      const res = await h.call('POST', '/api/comments', { as: w.member, body });
      expect(res).toEqual({ status: 403, body: { error: T.postLocked } });
    }
    await ok(h, 200, 'POST', `/api/posts/${p.id}/vote`, { as: w.member, body: { vote_type: 1 } });
    await ok(h, 200, 'POST', `/api/comments/${top.id}/vote`, {
      as: w.outsider,
      body: { vote_type: 1 },
    });
    await ok(h, 200, 'POST', `/api/posts/${p.id}/reactions`, {
      as: w.member,
      body: { reaction_type: 'heart' },
    });
    await ok(h, 200, 'POST', `/api/posts/${p.id}/save`, { as: w.outsider });
    // The community's moderators may still write on a locked post.
    await newComment(h, w.moderator, p.id);
    expect((await act(w.owner, `/api/posts/${p.id}/lock`)).status).toBe(409);
    expect((await modlog(h, w.community.id))[0]).toMatchObject({
      action: 'lock_post',
      reason: 'Heated',
    });

    await ok(h, 200, 'POST', `/api/posts/${p.id}/unlock`, { as: w.owner });
    await newComment(h, w.member, p.id);
    expect((await act(w.owner, `/api/posts/${p.id}/unlock`)).status).toBe(409);
  });
});

describe('pin and unpin (EXTENSIONS §M2)', () => {
  it('pins at most 2 per community; a repeat is 409; unpinning frees a place', async () => {
    const c = await newCommunity(h, w.owner);
    const [a, b, third] = [
      await newPost(h, w.owner, c.id),
      await newPost(h, w.owner, c.id),
      await newPost(h, w.owner, c.id),
    ];
    expect(postOf(await ok(h, 200, 'POST', `/api/posts/${a.id}/pin`, { as: w.owner })).pinned).toBe(
      true,
    );
    await ok(h, 200, 'POST', `/api/posts/${b.id}/pin`, { as: w.owner });
    expect(await act(w.owner, `/api/posts/${a.id}/pin`)).toEqual({
      status: 409,
      body: { error: T.alreadyInEffect },
    });
    expect(await act(w.owner, `/api/posts/${third.id}/pin`)).toEqual({
      status: 400,
      body: { error: T.pinLimit },
    });
    // The community keeps its pinned posts with every pin and unpin (its page reads them there).
    expect(await pins(c.id)).toEqual({ kept: [b.id, a.id], posts: [b.id, a.id] });
    const unpinned = postOf(await ok(h, 200, 'POST', `/api/posts/${a.id}/unpin`, { as: admin }));
    expect(unpinned.pinned).toBe(false);
    expect(await pins(c.id)).toEqual({ kept: [b.id], posts: [b.id] });
    expect((await act(w.owner, `/api/posts/${a.id}/unpin`)).status).toBe(409);
    await ok(h, 200, 'POST', `/api/posts/${third.id}/pin`, { as: w.owner });
    expect(await pins(c.id)).toEqual({ kept: [third.id, b.id], posts: [third.id, b.id] });
    const actions = (await modlog(h, c.id)).map((e) => e.action);
    expect(actions).toEqual(['pin_post', 'unpin_post', 'pin_post', 'pin_post']);
  });

  it('two pins at once never make a third', async () => {
    const c = await newCommunity(h, w.owner);
    const posts = [];
    for (let i = 0; i < 4; i++) posts.push(await newPost(h, w.owner, c.id));
    const results = await Promise.all(posts.map((p) => act(w.owner, `/api/posts/${p.id}/pin`)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 400, 400]);
    expect(await h.models.Post.countDocuments({ community_id: c.id, pinned: true })).toBe(2);
    const { kept, posts: pinned } = await pins(c.id);
    expect(kept).toEqual(pinned);
  });

  it('puts pinned posts first on the community page in every sort, newest pin first', async () => {
    const c = await newCommunity(h, w.owner);
    const posts = [];
    for (let i = 0; i < 6; i++) posts.push(await newPost(h, w.owner, c.id, `Post ${i}`));
    // Give post 5 (the newest) the top score so "pinned first" is visible in every sort.
    await ok(h, 200, 'POST', `/api/posts/${posts[5]!.id}/vote`, {
      as: w.member,
      body: { vote_type: 1 },
    });
    await ok(h, 200, 'POST', `/api/posts/${posts[1]!.id}/pin`, { as: w.owner });
    await ok(h, 200, 'POST', `/api/posts/${posts[3]!.id}/pin`, { as: w.owner });
    for (const sort of POST_SORTS) {
      const page = async (offset: number, limit: number) =>
        ListPostsResponse.parse(
          await ok(
            h,
            200,
            'GET',
            `/api/posts?community_id=${c.id}&sort=${sort}&limit=${limit}&offset=${offset}`,
          ),
        );
      const all = await page(0, 50);
      expect(all.pagination.total).toBe(6);
      expect(all.posts.slice(0, 2).map((p) => p.id)).toEqual([posts[3]!.id, posts[1]!.id]);
      expect(all.posts.slice(0, 2).every((p) => p.pinned)).toBe(true);
      expect(all.posts.slice(2).every((p) => p.pinned === false)).toBe(true);
      // Page by page: the same order, nothing repeated, nothing lost.
      const walked: string[] = [];
      for (let offset = 0; offset < 6; offset += 4) {
        const part = await page(offset, 4);
        expect(part.pagination).toEqual({ total: 6, hasMore: offset + 4 < 6 });
        walked.push(...part.posts.map((p) => p.id));
      }
      expect(walked).toEqual(all.posts.map((p) => p.id));
    }
    // Other lists keep their own order (pins are the community page's).
    const home = ListPostsResponse.parse(
      await ok(h, 200, 'GET', `/api/posts?author_id=${w.owner.id}&sort=new&limit=6`),
    );
    expect(home.posts.map((p) => p.id)).toEqual([...posts].reverse().map((p) => p.id));
    // The page takes the pinned posts from the community's document (one read with its
    // counters); a community from before that field finds them by query.
    const first = async () =>
      ListPostsResponse.parse(await ok(h, 200, 'GET', `/api/posts?community_id=${c.id}&sort=new`))
        .posts.slice(0, 3)
        .map((p) => p.id);
    await h.models.Community.updateOne(
      { _id: c.id },
      { $set: { pinned_post_ids: [posts[1]!.id] } },
    );
    expect((await first())[0]).toBe(posts[1]!.id);
    expect((await first())[1]).toBe(posts[5]!.id);
    await h.models.Community.updateOne({ _id: c.id }, { $unset: { pinned_post_ids: 1 } });
    expect((await first()).slice(0, 2)).toEqual([posts[3]!.id, posts[1]!.id]);
    // A pinned post deleted leaves the page (and its total), whatever the document still lists.
    await h.models.Community.updateOne(
      { _id: c.id },
      { $set: { pinned_post_ids: [posts[3]!.id, posts[1]!.id] } },
    );
    await ok(h, 200, 'DELETE', `/api/posts/${posts[3]!.id}`, { as: w.owner });
    const after = ListPostsResponse.parse(
      await ok(h, 200, 'GET', `/api/posts?community_id=${c.id}&sort=new`),
    );
    expect(after.posts[0]!.id).toBe(posts[1]!.id);
    expect(after.posts.map((p) => p.id)).not.toContain(posts[3]!.id);
    expect(after.pagination.total).toBe(5);
  });
});

describe('remove and restore a comment (EXTENSIONS §M2)', () => {
  it('removes with the reason and logs the post title, never the text; repeats are 409', async () => {
    const p = await newPost(h, w.member, w.community.id, 'A post about cats');
    const secret = `Secret comment text ${Date.now()}`;
    const c = await newComment(h, w.member, p.id, secret);
    const res = await act(w.moderator, `/api/comments/${c.id}/remove`, { reason: 'Rude' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(CommentResponse.parse(res.body).comment).toMatchObject({
      removed: true,
      removal_reason: 'Rude',
      content: secret,
    });
    const log = await modlog(h, w.community.id);
    expect(log[0]).toMatchObject({
      action: 'remove_comment',
      target_type: 'comment',
      target_id: c.id,
      target_title: 'A post about cats',
      target_username: w.member.username,
      reason: 'Rude',
    });
    expect(JSON.stringify(log)).not.toContain(secret);
    expect((await act(w.owner, `/api/comments/${c.id}/remove`, { reason: 'x' })).status).toBe(409);

    const restored = await ok(h, 200, 'POST', `/api/comments/${c.id}/restore`, { as: w.owner });
    expect(CommentResponse.parse(restored).comment.removed).toBe(false);
    expect((await act(w.owner, `/api/comments/${c.id}/restore`)).status).toBe(409);
  });

  it('answers 404 for a deleted placeholder and a missing comment', async () => {
    const p = await newPost(h, w.member, w.community.id);
    const parent = await newComment(h, w.member, p.id);
    await ok(h, 201, 'POST', '/api/comments', {
      as: w.outsider,
      body: { content: 'reply', post_id: p.id, parent_id: parent.id },
    });
    await ok(h, 200, 'DELETE', `/api/comments/${parent.id}`, { as: w.member });
    for (const id of [parent.id, 'b'.repeat(24)]) {
      const res = await act(w.owner, `/api/comments/${id}/remove`, { reason: 'R' });
      expect(res).toEqual({ status: 404, body: { error: 'Comment not found' } });
    }
  });
});
