import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Types } from 'mongoose';
import {
  COMMENT_SORTS,
  CommentThreadsResponse,
  DELETED_COMMENT_TEXT,
  REMOVED_TEXT,
  type CommentSort,
  type CommentThread,
} from '@forum/contracts';
import { NESTED_REPLY_LEVELS } from './domain/reply-allotment.js';
import { startHarness, type Harness, type TestUser } from './test-support/harness.js';
import { communityWithPost } from './test-support/comments.js';
import { commentSeeder } from './test-support/comment-seeder.js';

/**
 * Issue 17: a post's comment page carries a bounded number of replies whatever the thread's
 * size (NESTED_REPLY_LEVELS), each comment's reply_count stays exact, and GET
 * /comments/{id}/replies from offset = shown continues exactly where the page stopped ("N more
 * replies"), in every sort, placeholders and removed comments included.
 */
const SLOW = 120_000;

let h: Harness;
let owner: TestUser;

beforeAll(async () => {
  h = await startHarness();
  owner = await h.user('moreowner');
});
afterAll(async () => h?.stop());

async function threads(url: string): Promise<CommentThreadsResponse> {
  const res = await h.call('GET', url);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return CommentThreadsResponse.parse(res.body);
}

/** Every direct reply of `id`, in `sort`, straight from the database's order. */
async function allReplies(id: string, sort: CommentSort): Promise<string[]> {
  const page = await threads(`/api/comments/${id}/replies?sortBy=${sort}&limit=100`);
  expect(page.pagination.hasMore).toBe(false);
  return page.comments.map((c) => c.id);
}

/** What "N more replies" loads: pages of 7 from offset = shown until the route says no more. */
async function theRest(id: string, sort: CommentSort, shown: number): Promise<CommentThread[]> {
  const rest: CommentThread[] = [];
  for (let offset = shown; ; offset += 7) {
    const page = await threads(
      `/api/comments/${id}/replies?sortBy=${sort}&limit=7&offset=${offset}`,
    );
    rest.push(...page.comments);
    if (!page.pagination.hasMore) return rest;
  }
}

const levelsOf = (tops: CommentThread[]) => {
  const levels: CommentThread[][] = [];
  let current = tops;
  while (current.length) {
    levels.push(current);
    current = current.flatMap((c) => c.replies);
  }
  return levels;
};

describe('a post page with more replies than it shows', () => {
  it(
    'nests at most the bound, with exact counts, and the replies route continues without gap or repeat',
    async () => {
      const { post } = await communityWithPost(h, owner);
      const { add, save } = await commentSeeder(h, owner, post);
      // One big thread: 30 replies, each with 6, each of those with 4 (every cap exceeded), and
      // a few small threads beside it.
      const big = add(null);
      for (let i = 0; i < 30; i++) {
        const reply = add(big);
        for (let j = 0; j < 6; j++) {
          const deeper = add(reply);
          for (let k = 0; k < 4; k++) add(deeper);
        }
      }
      for (let i = 0; i < 5; i++) {
        const top = add(null);
        if (i % 2) add(top);
      }
      await save();
      // A placeholder and a removed comment among the big thread's replies (through the routes).
      const bigReplies = await allReplies(String(big._id), 'old');
      const [deletedId, removedId] = [bigReplies[3]!, bigReplies[4]!];
      expect((await h.call('DELETE', `/api/comments/${deletedId}`, { as: owner })).status).toBe(
        200,
      );
      const removal = await h.call('POST', `/api/comments/${removedId}/remove`, {
        as: owner,
        body: { reason: 'Off topic' },
      });
      expect(removal.status, JSON.stringify(removal.body)).toBe(200);

      for (const sort of COMMENT_SORTS) {
        const page = await threads(`/api/comments/post/${post}?sortBy=${sort}&limit=50`);
        expect(page.pagination.total).toBe(6);
        const levels = levelsOf(page.comments);
        // Below the page's comments: each level within its budget, each parent within its cap.
        levels.slice(1).forEach((level, i) => {
          expect(level.length).toBeLessThanOrEqual(NESTED_REPLY_LEVELS[i]!.budget);
        });
        const thread = page.comments.find((c) => c.id === String(big._id))!;
        expect(thread.replies).toHaveLength(NESTED_REPLY_LEVELS[0]!.perParent);

        // Every comment shown: its reply_count is what the database holds, its replies a
        // prefix of its replies in this sort, and the route's pages from there the rest.
        const seen = new Set<string>();
        const check = async (node: CommentThread, depth: number) => {
          expect(seen.has(node.id)).toBe(false);
          seen.add(node.id);
          const stored = await h.models.Comment.countDocuments({
            container_id: new Types.ObjectId(node.id),
          });
          expect(node.reply_count).toBe(stored);
          expect(node.replies.length).toBeLessThanOrEqual(
            NESTED_REPLY_LEVELS[depth]?.perParent ?? 0,
          );
          if (node.reply_count > 0) {
            const all = await allReplies(node.id, sort);
            const shown = node.replies.map((r) => r.id);
            expect(all.slice(0, shown.length)).toEqual(shown);
            if (shown.length < all.length) {
              const rest = await theRest(node.id, sort, shown.length);
              expect([...shown, ...rest.map((r) => r.id)]).toEqual(all);
              // The route nests by the same caps for the same depth (a page of 7 stays within
              // the depth-2 budget, so each shows its cap).
              for (const r of rest) {
                const cap = NESTED_REPLY_LEVELS[r.depth]?.perParent ?? 0;
                if (r.depth === 1) expect(r.replies).toHaveLength(Math.min(r.reply_count, cap));
                else expect(r.replies.length).toBeLessThanOrEqual(cap);
              }
            }
          }
          for (const reply of node.replies) await check(reply, depth + 1);
        };
        await check(thread, 0);

        // The placeholder and the removed comment, on the page or in what the route adds.
        const everywhere = [
          ...thread.replies,
          ...(await theRest(thread.id, sort, thread.replies.length)),
        ];
        expect(everywhere.find((c) => c.id === deletedId)).toMatchObject({
          content: DELETED_COMMENT_TEXT,
          author_id: null,
          is_deleted: true,
          reply_count: 6,
        });
        expect(everywhere.find((c) => c.id === removedId)).toMatchObject({
          content: REMOVED_TEXT,
          author_id: null,
          removed: true,
          reply_count: 6,
        });
      }
    },
    SLOW,
  );

  it(
    'shares each level among the page’s comments, in a few queries whatever their replies',
    async () => {
      const { post } = await communityWithPost(h, owner);
      const { add, save } = await commentSeeder(h, owner, post);
      // 60 threads of 4 replies with 2 each: 200 replies wanted at depth 1 by a page of 50.
      for (let t = 0; t < 60; t++) {
        const top = add(null);
        for (let i = 0; i < 4; i++) {
          const reply = add(top);
          add(reply);
          add(reply);
        }
      }
      // And one comment with 1,000 replies: its page still reads only what it shows.
      const crowded = add(null);
      for (let i = 0; i < 1000; i++) add(crowded);
      await save();

      const queries: string[] = [];
      h.conn.set('debug', (collection: string, method: string) => {
        if (collection !== 'event_outbox') queries.push(`${collection}.${method}`);
      });
      let page: CommentThreadsResponse;
      try {
        page = await threads(`/api/comments/post/${post}?sortBy=new&limit=50`);
      } finally {
        h.conn.set('debug', false);
      }
      // The page, then depth 1 in two (the crowded comment's share alone, sorted and limited;
      // the others' replies in one), depth 2 in one; depth 3 has nothing to read.
      const reads = queries.filter((q) => q.startsWith('comments.'));
      expect(reads, queries.join(', ')).toEqual(Array(4).fill('comments.find'));

      // Depth 1: 50 comments want 10 + 49 * 4; each gets 2 of the budget of 100, in turns.
      // Depth 2: the first 60 of those 100 get one reply each.
      expect(levelsOf(page.comments).map((l) => l.length)).toEqual([50, 100, 60]);
      expect(page.comments[0]!).toMatchObject({ id: String(crowded._id), reply_count: 1000 });
      for (const top of page.comments) expect(top.replies).toHaveLength(2);
      for (const top of page.comments.slice(1)) expect(top.reply_count).toBe(4);
    },
    SLOW,
  );
});
