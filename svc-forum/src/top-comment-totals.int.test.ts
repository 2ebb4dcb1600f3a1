import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommentThreadsResponse } from '@forum/contracts';
import { Types } from 'mongoose';
import { startHarness, type Harness, type TestUser } from './test-support/harness.js';
import { comment } from './test-support/comments.js';
import { appoint, join, known, newCommunity, newPost, ok } from './test-support/moderation.js';
import {
  backfillTopCommentCounts,
  TOP_COMMENT_COUNTS,
} from './use-cases/backfill-top-comment-counts.js';

/**
 * Issue 17: a post's comment list answers its total from the post's top_comment_count (kept by
 * create-comment and delete-comment in their transactions), not a count per page. After a mixed
 * workload through the routes (concurrent top-level comments and replies, deletes that leave a
 * placeholder, that prune one, concurrent ones, removals and a restore) the total is what a count
 * over the list's own filter says, for every kind of reader; a post without the counter is
 * counted, and the start-up backfill gives a database made before it its counters.
 */
/** Many requests by design (every reader, both routes, after each step): time on a busy machine. */
const SLOW = 180_000;

let h: Harness;
let admin: TestUser;
let owner: TestUser;
let moderator: TestUser;
let author: TestUser;
let member: TestUser;
let community: string;
let post: string;
let quiet: string;

const oid = (id: string) => new Types.ObjectId(id);
const del = (as: TestUser, id: string) => ok(h, 200, 'DELETE', `/api/comments/${id}`, { as });
const moderate = (action: 'remove' | 'restore', id: string) =>
  ok(h, 200, 'POST', `/api/comments/${id}/${action}`, {
    as: moderator,
    body: { reason: 'Off topic' },
  });

/** What the post's list holds: its comments whose container is the post. */
const counted = (id: string) => h.models.Comment.countDocuments({ container_id: oid(id) });
const stored = async (id: string) =>
  (await h.models.Post.findById(oid(id), { top_comment_count: 1 }).lean())?.top_comment_count;

/** Both routes of the list, for every kind of reader: a total and a page that agree with a count. */
async function expectExactTotals(id: string): Promise<number> {
  const real = await counted(id);
  for (const as of [undefined, member, author, moderator, owner, admin]) {
    for (const path of [`/api/comments/post/${id}`, `/api/posts/${id}/comments`]) {
      const all = CommentThreadsResponse.parse(
        await ok(h, 200, 'GET', `${path}?sortBy=new&limit=100`, as ? { as } : {}),
      );
      expect(all.pagination, `${path} as ${as?.username ?? 'a visitor'}`).toEqual({
        total: real,
        hasMore: false,
      });
      expect(all.comments).toHaveLength(real);
    }
    if (real > 2) {
      const first = CommentThreadsResponse.parse(
        await ok(h, 200, 'GET', `/api/comments/post/${id}?limit=2`, as ? { as } : {}),
      );
      expect(first.pagination).toEqual({ total: real, hasMore: true });
    }
  }
  return real;
}

beforeAll(async () => {
  h = await startHarness();
  admin = await h.user('admin', { isAdmin: true });
  [owner, moderator, author, member] = [
    await h.user(),
    await h.user(),
    await h.user(),
    await h.user(),
  ];
  await known(h, admin, owner, moderator, author, member);
  community = (await newCommunity(h, owner)).id;
  await appoint(h, owner, community, moderator);
  await join(h, author, community);
  await join(h, member, community);
  post = (await newPost(h, author, community)).id;
  quiet = (await newPost(h, author, community)).id;
}, 60_000);
afterAll(async () => h?.stop());

describe('a post’s top-level comment total', () => {
  it(
    'follows a mixed workload of creates, replies, deletes and removals, for every reader',
    async () => {
      // Concurrent top-level comments, and replies written at the same time as more of them.
      const tops = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          comment(h, i % 2 ? member : author, post, null, `T${i}`),
        ),
      );
      const [replies] = await Promise.all([
        Promise.all(tops.slice(0, 4).map((t, i) => comment(h, member, post, t.id, `R${i}`))),
        Promise.all([comment(h, author, post, null, 'T8'), comment(h, member, post, null, 'T9')]),
      ]);
      const deep = await comment(h, author, post, replies[0]!.id, 'Depth 2');
      const deepest = await comment(h, member, post, deep.id, 'Depth 3');
      expect(await expectExactTotals(post)).toBe(10);
      expect(await stored(post)).toBe(10);

      // Without replies: gone (two at once). With replies: a placeholder that keeps its place.
      await Promise.all([del(author, tops[6]!.id), del(member, tops[7]!.id)]);
      await del(author, tops[0]!.id);
      await del(member, replies[0]!.id);
      await del(author, deep.id);
      expect(await expectExactTotals(post)).toBe(8);
      // The chain's last live comment deleted: every placeholder above it goes, the top one too.
      await del(member, deepest.id);
      expect(await expectExactTotals(post)).toBe(7);

      // A placeholder's replies deleted at once: the transactions conflict, one prunes it.
      await del(member, tops[1]!.id);
      const more = await comment(h, author, post, replies[1]!.id, 'Under R1');
      await Promise.all([del(member, replies[1]!.id), del(author, more.id)]);
      await Promise.all([
        comment(h, author, post, null, 'T10'),
        del(member, tops[3]!.id),
        comment(h, member, post, replies[3]!.id, 'Late reply'),
      ]);
      expect(await expectExactTotals(post)).toBe(7);

      // Removal keeps a comment in the list ([removed] for most readers): nothing moves.
      await moderate('remove', tops[2]!.id);
      await moderate('remove', tops[4]!.id);
      await moderate('remove', replies[2]!.id);
      await moderate('restore', tops[4]!.id);
      // A removed comment deleted by its author leaves like any other.
      await moderate('remove', tops[5]!.id);
      await del(member, tops[5]!.id);
      expect(await expectExactTotals(post)).toBe(6);
      expect(await stored(post)).toBe(6);
    },
    SLOW,
  );

  it(
    'comes from the counter, and a post without one is counted',
    async () => {
      const real = await counted(post);
      await h.models.Post.updateOne({ _id: oid(post) }, { $inc: { top_comment_count: 5 } });
      const page = CommentThreadsResponse.parse(
        await ok(h, 200, 'GET', `/api/comments/post/${post}?limit=100`),
      );
      expect(page.pagination).toEqual({ total: real + 5, hasMore: true });
      await h.models.Post.updateOne({ _id: oid(post) }, { $unset: { top_comment_count: 1 } });
      expect(await expectExactTotals(post)).toBe(real);
      // A post that never had a comment keeps no counter and answers 0.
      expect(await stored(quiet)).toBeUndefined();
      expect(await expectExactTotals(quiet)).toBe(0);
    },
    SLOW,
  );

  it(
    'is recounted once at start-up for a database made before it',
    async () => {
      const fresh = (await newPost(h, author, community)).id;
      await comment(h, author, fresh, null, 'One');
      const second = await comment(h, author, fresh, null, 'Two');
      await comment(h, author, fresh, second.id, 'Reply');
      await del(author, second.id);
      await h.models.Post.updateMany({}, { $unset: { top_comment_count: 1 } });
      await h.models.Post.updateOne({ _id: oid(quiet) }, { $set: { top_comment_count: 3 } });
      await h.models.BackfillRun.deleteOne({ _id: TOP_COMMENT_COUNTS });

      // post and fresh get their counts, quiet its wrong one corrected.
      expect(await backfillTopCommentCounts({ models: h.models, conn: h.conn })).toBe(3);
      expect(await stored(post)).toBe(await counted(post));
      expect(await stored(fresh)).toBe(2);
      expect(await stored(quiet)).toBe(0);
      for (const id of [post, fresh, quiet]) await expectExactTotals(id);

      // Done for this version: later start-ups read one document and write nothing.
      await h.models.Post.updateOne({ _id: oid(fresh) }, { $set: { top_comment_count: 9 } });
      expect(await backfillTopCommentCounts({ models: h.models, conn: h.conn })).toBeNull();
      expect(await stored(fresh)).toBe(9);
    },
    SLOW,
  );
});
