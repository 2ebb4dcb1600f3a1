import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_SORTS as SORT_NAMES, type CommentSort } from '@forum/contracts';
import { readLean, toObjectId } from '@forum/service-kit';
import { COMMENT_SORTS, commentListFilter } from './domain/comment-list-query.js';
import type { TreeNode } from './domain/comment-tree.js';
import { THREAD_COMMENT_FIELDS, type CommentDoc } from './models/comment.js';
import { loadNestedReplies } from './use-cases/shared/load-nested-replies.js';
import { startHarness, type Harness, type TestUser } from './test-support/harness.js';
import { communityWithPost } from './test-support/comments.js';
import { commentSeeder } from './test-support/comment-seeder.js';

/**
 * Issue 17: a post's page whose threads are small reads all their replies in one query on
 * (root_id, depth) and cuts its levels from them in memory. It must nest exactly what the
 * level-by-level reads nest (caps, budgets, every sort), and read level by level when the
 * threads are not small (the direct replies exceed the first level's budget, or the one read
 * overflows).
 */
const SLOW = 120_000;

let h: Harness;
let owner: TestUser;

beforeAll(async () => {
  h = await startHarness();
  owner = await h.user('smallowner');
});
afterAll(async () => h?.stop());

/**
 * A post of `tops` top-level comments, then a wave of replies per entry of `most`: up to that
 * many for each comment of the wave before, drawn at random, or exactly that many (`exact`).
 */
async function postWithThreads(tops: number, most: number[], exact = false) {
  const { post } = await communityWithPost(h, owner);
  const { add, save } = await commentSeeder(h, owner, post);
  let wave = Array.from({ length: tops }, () => add(null));
  for (const max of most) {
    const count = () => (exact ? max : Math.floor(Math.random() * (max + 1)));
    wave = wave.flatMap((parent) => Array.from({ length: count() }, () => add(parent)));
  }
  await save();
  return post;
}

/** The page's own comments, as loadThreads reads them. */
const pageOf = (post: string, sortBy: CommentSort) =>
  readLean<CommentDoc>(h.models.Comment, commentListFilter(toObjectId(post)), {
    projection: THREAD_COMMENT_FIELDS,
    sort: COMMENT_SORTS[sortBy],
    limit: 50,
  });

/** The nested page, and the filters of the comment queries nesting it made. */
async function nest(post: string, sortBy: CommentSort, smallThreads?: number) {
  const tops = await pageOf(post, sortBy);
  const filters: Record<string, unknown>[] = [];
  h.conn.set('debug', (collection: string, method: string, filter: Record<string, unknown>) => {
    if (collection === 'comments' && method === 'find') filters.push(filter);
  });
  try {
    const page = await loadNestedReplies(h.models, tops, sortBy, smallThreads);
    return { ...page, filters };
  } finally {
    h.conn.set('debug', false);
  }
}

type Shape = [string, Shape[]];
const shape = (nodes: TreeNode<CommentDoc>[]): Shape[] =>
  nodes.map((n) => [n._id.toHexString(), shape(n.replies)]);
const perDepth = (loaded: CommentDoc[]) =>
  [0, 1, 2, 3].map((d) => loaded.filter((c) => c.depth === d).length);
const readsThreads = (filter: Record<string, unknown>) => 'root_id' in filter;

describe('a post page of small threads', () => {
  it(
    'nests what the level-by-level reads nest, from one query, in every sort',
    async () => {
      for (let round = 0; round < 3; round++) {
        // 50 on the page and 10 more: about 50 direct replies under the page, a second level
        // near its budget (60) and a third over it (40), so the cuts are exercised in memory.
        const post = await postWithThreads(60, [2, 2, 3]);
        for (const sortBy of SORT_NAMES) {
          const whole = await nest(post, sortBy);
          const levels = await nest(post, sortBy, 0);
          expect(shape(whole.threads)).toEqual(shape(levels.threads));
          expect(whole.loaded.map((c) => c._id.toHexString())).toEqual(
            levels.loaded.map((c) => c._id.toHexString()),
          );
          expect(whole.filters).toHaveLength(1);
          expect(readsThreads(whole.filters[0]!)).toBe(true);
          expect(levels.filters.length).toBeGreaterThanOrEqual(3);
          expect(levels.filters.some(readsThreads)).toBe(false);
          const [, d1, d2, d3] = perDepth(levels.loaded);
          expect(d1).toBeGreaterThan(0);
          expect(d2).toBeLessThanOrEqual(60);
          expect(d3).toBeGreaterThan(0);
          expect(d3).toBeLessThanOrEqual(40);
        }
      }
    },
    SLOW,
  );

  it(
    'reads level by level when the one read would overflow',
    async () => {
      // 20 direct replies (a read of 30 is tried), 40 in all (it overflows).
      const post = await postWithThreads(20, [1, 1], true);
      const overflowing = await nest(post, 'best', 30);
      const levels = await nest(post, 'best', 0);
      expect(shape(overflowing.threads)).toEqual(shape(levels.threads));
      // The small-threads read came back over its limit; the levels were read after it.
      expect(readsThreads(overflowing.filters[0]!)).toBe(true);
      expect(overflowing.filters.slice(1)).toEqual(levels.filters);
    },
    SLOW,
  );

  it(
    'does not try when the direct replies alone exceed the first level budget',
    async () => {
      // 50 comments with 3 replies each: 150 direct replies, over the budget of 100.
      const post = await postWithThreads(50, [3], true);
      const tops = await pageOf(post, 'best');
      expect(tops.reduce((n, t) => n + t.reply_count, 0)).toBeGreaterThan(100);
      const page = await nest(post, 'best');
      expect(page.filters.some(readsThreads)).toBe(false);
      expect(perDepth(page.loaded)).toEqual([50, 100, 0, 0]);
    },
    SLOW,
  );

  it(
    "leaves a page of a comment's replies to the levels (root_id names top-level comments only)",
    async () => {
      const { post } = await communityWithPost(h, owner);
      const { add, save } = await commentSeeder(h, owner, post);
      const first = add(null);
      for (let i = 0; i < 5; i++) add(add(add(first)));
      await save();
      const [top] = await pageOf(post, 'new');
      const replies = await readLean<CommentDoc>(h.models.Comment, commentListFilter(top!._id), {
        projection: THREAD_COMMENT_FIELDS,
        sort: COMMENT_SORTS.new,
        limit: 50,
      });
      const filters: Record<string, unknown>[] = [];
      h.conn.set('debug', (collection: string, _m: string, filter: Record<string, unknown>) => {
        if (collection === 'comments') filters.push(filter);
      });
      try {
        await loadNestedReplies(h.models, replies, 'new');
      } finally {
        h.conn.set('debug', false);
      }
      expect(replies).toHaveLength(5);
      // The replies' replies and theirs: a level each, none by thread.
      expect(filters).toHaveLength(2);
      expect(filters.some(readsThreads)).toBe(false);
    },
    SLOW,
  );
});
