import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommentThreadsResponse, type CommentThread } from '@forum/contracts';
import { startHarness, type Harness, type TestUser } from './test-support/harness.js';
import { comment, commentCount, communityWithPost } from './test-support/comments.js';
import { commentSeeder } from './test-support/comment-seeder.js';

/** Heavy by design: generous time on a busy machine. */
const SLOW = 120_000;

let h: Harness;
let owner: TestUser;

beforeAll(async () => {
  h = await startHarness();
  owner = await h.user('loadowner');
});
afterAll(async () => h?.stop());

describe('comment_count under concurrency', () => {
  it(
    'stays exact with 50 concurrent creates, then 50 concurrent deletes (and repeats)',
    async () => {
      const { post } = await communityWithPost(h, owner);
      const users = await Promise.all(Array.from({ length: 50 }, () => h.user()));
      const created = await Promise.all(users.map((u) => comment(h, u, post)));
      expect(await commentCount(h, post)).toBe(50);
      // Each comment deleted twice at once: only one request may move the counter.
      await Promise.all(
        created.flatMap((c, i) => [
          h.call('DELETE', `/api/comments/${c.id}`, { as: users[i]! }),
          h.call('DELETE', `/api/comments/${c.id}`, { as: users[i]! }),
        ]),
      );
      expect(await commentCount(h, post)).toBe(0);
    },
    SLOW,
  );

  it(
    'stays exact with creates and deletes interleaved, replies included',
    async () => {
      const { post } = await communityWithPost(h, owner);
      const root = await comment(h, owner, post);
      const users = await Promise.all(Array.from({ length: 25 }, () => h.user()));
      const first = await Promise.all(users.map((u) => comment(h, u, post, root.id)));
      await Promise.all([
        ...users.map((u) => comment(h, u, post)),
        ...first.map((c, i) => h.call('DELETE', `/api/comments/${c.id}`, { as: users[i]! })),
      ]);
      expect(await commentCount(h, post)).toBe(26);
      const stored = await h.models.Comment.findById(root.id).lean();
      expect(stored?.reply_count).toBe(0);
    },
    SLOW,
  );
});

/** Inserted directly (the API path is covered elsewhere): 1,000 comments, threads to depth 3. */
async function seedThreads(post: string, total: number) {
  const { add, save, docs } = await commentSeeder(h, owner, post);
  // 100 threads of 10: a top-level comment, then replies spread over depths 1-3.
  for (let t = 0; t < total / 10; t++) {
    const top = add(null);
    const d1 = add(top);
    const d1b = add(top);
    const d2 = add(d1);
    const d2b = add(d1b);
    add(d2);
    add(d2);
    add(d2b);
    add(d1);
    add(top);
  }
  await save();
  return docs;
}

describe('a post with 1,000 comments', () => {
  it(
    'builds the first page of best threads from a bounded number of queries',
    async () => {
      const { post } = await communityWithPost(h, owner);
      const docs = await seedThreads(post, 1000);
      const reader = await h.user();
      // The caller's vote and save show up on nested replies too.
      const deep = docs.find((d) => d.depth === 3)!;
      await h.call('POST', `/api/comments/${String(deep._id)}/vote`, {
        as: reader,
        body: { vote_type: -1 },
      });
      await h.call('POST', `/api/comments/${String(deep._id)}/save`, { as: reader });

      const queries: string[] = [];
      h.conn.set('debug', (collection: string, method: string) => {
        // The outbox relay runs on its own timer; only the request's queries count.
        if (collection !== 'event_outbox') queries.push(`${collection}.${method}`);
      });
      let body: CommentThreadsResponse;
      try {
        const res = await h.call('GET', `/api/comments/post/${post}?sortBy=best&limit=50`, {
          as: reader,
        });
        expect(res.status).toBe(200);
        body = CommentThreadsResponse.parse(res.body);
      } finally {
        h.conn.set('debug', false);
      }
      // post lookup, is its community being deleted, page, count, a query per level of
      // replies (every comment here has at most twice the replies the page shows of it: one
      // batched read each), caller votes, caller saves, caller blocks (EXTENSIONS §B1).
      expect(queries.length, queries.join(', ')).toBeLessThanOrEqual(10);
      expect(queries.filter((q) => q.startsWith('blocks.'))).toEqual(['blocks.find']);

      expect(body.pagination).toEqual({ total: 100, hasMore: true });
      expect(body.comments).toHaveLength(50);
      const bests = body.comments.map(
        (c) => docs.find((d) => String(d._id) === c.id)!.best as number,
      );
      expect([...bests].sort((a, b) => b - a)).toEqual(bests);
      // Each comment with its first replies, exact reply_count, within the page's budgets
      // (NESTED_REPLY_LEVELS): 50 threads want 150 replies at depth 1, get 100 (2 each).
      const perLevel = [0, 0, 0, 0];
      const walk = (nodes: CommentThread[], depth: number, parent: string | null) => {
        for (const n of nodes) {
          perLevel[depth]!++;
          expect(n.depth).toBe(depth);
          expect(n.parent_id).toBe(parent);
          const stored = docs.find((d) => String(d._id) === n.id)!;
          expect(n.reply_count).toBe(stored.reply_count);
          expect(n.replies.length).toBeLessThanOrEqual(n.reply_count);
          walk(n.replies as CommentThread[], depth + 1, n.id);
        }
      };
      walk(body.comments, 0, null);
      expect(perLevel.slice(0, 3)).toEqual([50, 100, 60]);
      expect(perLevel[3]).toBeLessThanOrEqual(40);
      // The reader's state on a nested reply, read with its parent's replies.
      const parentOf = String(docs.find((d) => String(d._id) === String(deep._id))!.parent_id);
      const siblings = await h.call('GET', `/api/comments/${parentOf}/replies`, { as: reader });
      const flat = CommentThreadsResponse.parse(siblings.body).comments;
      expect(flat.find((n) => n.id === String(deep._id))).toMatchObject({
        user_vote: -1,
        is_saved: true,
      });
    },
    SLOW,
  );
});
