import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Types } from 'mongoose';
import { startHarness, type Harness } from './test-support/harness.js';
import {
  searchComments,
  searchCommunities,
  searchPosts,
  uniqueWord,
} from './test-support/search.js';
import { backfillSearchTerms, SEARCH_TERMS } from './use-cases/backfill-search-terms.js';

/** Data written before search gets its search_terms at start-up, once. */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
}, 60_000);
afterAll(async () => h?.stop());

describe('backfillSearchTerms', () => {
  it('fills what older data lacks, once, without touching what has terms', async () => {
    const w = uniqueWord();
    const community = new Types.ObjectId();
    const post = new Types.ObjectId();
    const base = { created_at: new Date(), updated_at: new Date() };
    await h.models.Community.collection.insertOne({
      _id: community,
      name: `${w}_old`,
      name_lower: `${w}_old`,
      description: `Gardening ${w}`,
      rules: 'r',
      is_nsfw: false,
      member_count: 0,
      post_count: 1,
      removed_post_count: 0,
      created_by: new Types.ObjectId(),
      creator_username: 'someone',
      ...base,
    } as never);
    const counters = { score: 0, upvotes: 0, downvotes: 0, removed: false };
    await h.models.Post.collection.insertOne({
      _id: post,
      title: `Old ${w}`,
      content: 'Running shoes',
      type: 'text',
      community_id: community,
      community_name: `${w}_old`,
      community_nsfw: false,
      author_id: new Types.ObjectId(),
      author_username: 'someone',
      comment_count: 2,
      hot: 0,
      ...counters,
      ...base,
    } as never);
    // A post removed before post_removed existed (its terms written already).
    const removedPost = new Types.ObjectId();
    await h.models.Post.collection.insertOne({
      ...(await h.models.Post.collection.findOne({ _id: post })),
      _id: removedPost,
      removed: true,
      search_terms: ['old'],
    } as never);
    const comment = (
      content: string,
      is_deleted: boolean,
      search_terms?: string[],
      postId = post,
    ) => {
      const _id = new Types.ObjectId();
      return {
        _id,
        content,
        post_id: postId,
        parent_id: null,
        container_id: postId,
        root_id: _id,
        depth: 0,
        author_id: is_deleted ? null : new Types.ObjectId(),
        author_username: is_deleted ? null : 'someone',
        community_id: community,
        community_name: `${w}_old`,
        community_nsfw: false,
        best: 0,
        reply_count: 0,
        is_deleted,
        ...(search_terms ? { search_terms } : {}),
        ...counters,
        ...base,
      };
    };
    const live = comment(`An old ${w} comment`, false);
    const deleted = comment('[deleted]', true);
    // Already has terms (written by a new instance): left as it is.
    const current = comment(`Newer ${w}`, false, ['kept']);
    const underRemoved = comment(`Hidden ${w}`, false, [w], removedPost);
    await h.models.Comment.collection.insertMany([live, deleted, current, underRemoved] as never[]);
    await h.models.BackfillRun.deleteOne({ _id: SEARCH_TERMS });

    // Three texts to fill (community, post, live comment), a deleted comment's [], one mark.
    expect(await backfillSearchTerms({ models: h.models, conn: h.conn })).toBe(5);
    expect(await h.models.Comment.findById(underRemoved._id).lean()).toMatchObject({
      post_removed: true,
    });
    expect((await h.models.Post.findById(post).lean())?.search_terms?.sort()).toEqual(
      ['old', w, 'run', 'shoe'].sort(),
    );
    expect((await h.models.Comment.findById(deleted._id).lean())?.search_terms).toEqual([]);
    expect((await h.models.Comment.findById(current._id).lean())?.search_terms).toEqual(['kept']);
    expect((await searchPosts(h, { q: `${w} run` })).posts.map((p) => p.id)).toEqual([
      post.toHexString(),
    ]);
    expect((await searchComments(h, { q: w })).comments.map((c) => c.id)).toEqual([
      live._id.toHexString(),
    ]);
    expect((await searchCommunities(h, { q: `gardens ${w}` })).communities).toHaveLength(1);

    // Later start-ups: nothing to do.
    expect(await backfillSearchTerms({ models: h.models, conn: h.conn })).toBeNull();
  });
});
