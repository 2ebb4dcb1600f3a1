import mongoose, { type Model } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { MAX_COMMENT_DEPTH } from '@forum/contracts';
import { hotScore } from '../../../svc-forum/src/domain/hot-score.js';
import {
  commentSearchTerms,
  communitySearchTerms,
  postSearchTerms,
} from '../../../svc-forum/src/domain/search-terms.js';
import { wilsonLowerBound } from '../../../svc-forum/src/domain/wilson.js';
import { createForumModels } from '../../../svc-forum/src/models/index.js';
import { storedShapeProblem } from './seed-db.js';
import {
  THREAD_POST_INDEX,
  makeAuthors,
  makePost,
  makeThread,
  makeWorld,
  objectIdAt,
  seededRandom,
  waveSizes,
  type SeedPlan,
} from './seed-docs.js';

// Models on a connection that never connects: casting and validation only.
const models = createForumModels(mongoose.createConnection());
const asModel = (m: unknown) => m as Model<unknown>;

const plan: SeedPlan = {
  posts: 500,
  comments: 200,
  now: new Date('2026-11-26T12:00:00Z'),
  spanDays: 730,
  authors: 20,
  seed: 7,
};

function generate(p: SeedPlan = plan) {
  const random = seededRandom(p.seed);
  const authors = makeAuthors(p);
  const world = makeWorld(p, authors[0]!, 'scale_test');
  const posts = Array.from({ length: p.posts }, (_, i) => makePost(p, world, authors, i, random));
  const thread = makeThread(p, world, authors, posts[THREAD_POST_INDEX]!, random);
  return { authors, world, posts, thread };
}

describe('seededRandom', () => {
  it('repeats for a seed and stays in [0, 1)', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const values = Array.from({ length: 1000 }, () => a());
    expect(values).toEqual(Array.from({ length: 1000 }, () => b()));
    expect(values.every((v) => v >= 0 && v < 1)).toBe(true);
    expect(new Set(values).size).toBeGreaterThan(990);
    expect(seededRandom(43)()).not.toBe(seededRandom(42)());
  });
});

describe('objectIdAt', () => {
  it('carries the time and is distinct per kind and serial', () => {
    const at = new Date('2026-01-02T03:04:05Z');
    const id = objectIdAt(at, 3, 17);
    expect(id.getTimestamp().getTime()).toBe(at.getTime());
    expect(objectIdAt(at, 3, 18).equals(id)).toBe(false);
    expect(objectIdAt(at, 4, 17).equals(id)).toBe(false);
    expect(objectIdAt(new Date(at.getTime() + 1000), 3, 0).toHexString() > id.toHexString()).toBe(
      true,
    );
  });
});

describe('the generated documents', () => {
  it('are what the models would store: nothing added, nothing changed', async () => {
    const { world, posts, thread } = generate();
    expect(await storedShapeProblem(asModel(models.Community), world.community)).toBeUndefined();
    expect(await storedShapeProblem(asModel(models.Membership), world.membership)).toBeUndefined();
    expect(await storedShapeProblem(asModel(models.Moderator), world.moderator)).toBeUndefined();
    for (const post of posts.slice(0, 50)) {
      expect(await storedShapeProblem(asModel(models.Post), post)).toBeUndefined();
    }
    for (const comment of thread.slice(0, 50).concat(thread.slice(-50))) {
      expect(await storedShapeProblem(asModel(models.Comment), comment)).toBeUndefined();
    }
  });

  it('names what the model would store differently', async () => {
    const { posts } = generate();
    const { reactions: _dropped, ...missing } = posts[1]!;
    expect(await storedShapeProblem(asModel(models.Post), missing)).toMatch(
      /Post would store reactions=/,
    );
    expect(await storedShapeProblem(asModel(models.Post), { ...posts[1], title: '' })).toMatch(
      /title/,
    );
  });

  it('are the same for the same plan', () => {
    const a = generate();
    const b = generate();
    expect(b.posts.map((p) => p._id.toHexString())).toEqual(
      a.posts.map((p) => p._id.toHexString()),
    );
    expect(b.posts.map((p) => p.score)).toEqual(a.posts.map((p) => p.score));
  });

  it('carry the search terms every write stores, so a start-up has nothing to backfill', () => {
    const { world, posts, thread } = generate();
    expect(world.community.search_terms).toEqual(communitySearchTerms(world.community));
    for (const post of posts.slice(0, 50)) {
      expect(post.search_terms).toEqual(
        postSearchTerms(post as unknown as { title: string; content: string }),
      );
    }
    for (const comment of thread.slice(0, 50)) {
      expect(comment.search_terms).toEqual(
        commentSearchTerms(comment as unknown as { content: string }),
      );
    }
    expect(posts[0]!.search_terms).toContain('scale');
  });
});

describe('the posts', () => {
  const { world, posts } = generate();

  it('fill the community, newest first, over the span', () => {
    expect(new Set(posts.map((p) => p._id.toHexString())).size).toBe(plan.posts);
    expect(posts.every((p) => p.community_id === world.community._id)).toBe(true);
    expect(world.community.post_count).toBe(plan.posts);
    const times = posts.map((p) => p.created_at.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const days = (plan.now.getTime() - times.at(-1)!) / 86_400_000;
    expect(days).toBeGreaterThan(plan.spanDays * 0.99);
    expect(days).toBeLessThanOrEqual(plan.spanDays + 1);
  });

  it('keep their counters and hot rank consistent', () => {
    for (const p of posts) {
      expect(p.score).toBe((p.upvotes as number) - (p.downvotes as number));
      expect(p.hot).toBe(hotScore(p.score as number, p.created_at));
    }
    expect(posts[THREAD_POST_INDEX]!.comment_count).toBe(plan.comments);
  });

  it('give hot, new and top different orders, with disliked posts among them', () => {
    const order = (key: 'hot' | 'score') =>
      [...posts]
        .sort((a, b) => (b[key] as number) - (a[key] as number))
        .slice(0, 20)
        .map((p) => p._id.toHexString());
    const newest = posts.slice(0, 20).map((p) => p._id.toHexString());
    expect(order('hot')).not.toEqual(newest);
    expect(order('score')).not.toEqual(order('hot'));
    expect(posts.some((p) => (p.score as number) < 0)).toBe(true);
    expect(Math.max(...posts.map((p) => p.score as number))).toBeGreaterThan(500);
  });
});

describe('the thread', () => {
  const { posts, thread } = generate();
  const post = posts[THREAD_POST_INDEX]!;
  const byId = new Map(thread.map((c) => [String(c._id), c]));

  it('splits a size into waves that add up to it', () => {
    for (const n of [10, 100, 1000, 10_000, 777]) {
      const sizes = waveSizes(n);
      expect(sizes).toHaveLength(MAX_COMMENT_DEPTH + 1);
      expect(sizes.reduce((a, b) => a + b, 0)).toBe(n);
    }
    expect(waveSizes(1000)).toEqual([500, 250, 150, 100]);
  });

  it('nests replies as create-comment would', () => {
    expect(thread).toHaveLength(plan.comments);
    for (const c of thread) {
      const parent = c.parent_id ? byId.get(String(c.parent_id)) : undefined;
      expect(c.post_id).toBe(post._id);
      if (parent) {
        expect(c.depth).toBe((parent.depth as number) + 1);
        expect(c.container_id).toBe(parent._id);
        expect(String(c.root_id)).toBe(String(parent.root_id));
        expect((c.created_at as Date) > (parent.created_at as Date)).toBe(true);
      } else {
        expect(c.depth).toBe(0);
        expect(c.container_id).toBe(post._id);
        expect(c.root_id).toBe(c._id);
      }
      expect(c.depth as number).toBeLessThanOrEqual(MAX_COMMENT_DEPTH);
      expect(c.best).toBe(wilsonLowerBound(c.upvotes as number, c.downvotes as number));
    }
  });

  it("counts each comment's direct replies", () => {
    const replies = new Map<string, number>();
    for (const c of thread) {
      if (c.parent_id)
        replies.set(String(c.parent_id), (replies.get(String(c.parent_id)) ?? 0) + 1);
    }
    for (const c of thread) expect(c.reply_count).toBe(replies.get(String(c._id)) ?? 0);
  });
});

describe("the thread's first page", () => {
  /** The 50 best top-level comments and every reply under them (at most one per comment here). */
  function firstPage(comments: number) {
    const { thread } = generate({ ...plan, posts: 20, comments });
    const tops = thread
      .filter((c) => c.depth === 0)
      .sort(
        (a, b) =>
          (b.best as number) - (a.best as number) || (String(b._id) < String(a._id) ? -1 : 1),
      )
      .slice(0, 50);
    const roots = new Set(tops.map((c) => String(c._id)));
    const onPage = thread.filter((c) => roots.has(String(c.root_id)));
    return {
      onPage: onPage.length,
      mostReplies: Math.max(...thread.map((c) => c.reply_count as number)),
    };
  }

  it('carries about the 100-comment thread whole at every size, within the nesting caps', () => {
    expect(firstPage(100).onPage).toBe(100);
    for (const size of [1000, 10_000]) {
      const { onPage, mostReplies } = firstPage(size);
      expect(onPage).toBeGreaterThanOrEqual(85);
      expect(onPage).toBeLessThanOrEqual(115);
      // No comment has more replies than a page nests (10, 5, 3 at depths 1-3): all of them show.
      expect(mostReplies).toBeLessThanOrEqual(1);
    }
  });
});
