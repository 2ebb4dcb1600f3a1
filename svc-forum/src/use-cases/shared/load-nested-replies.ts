import type { CommentSort } from '@forum/contracts';
import type { ForumModels } from '../../models/index.js';
import { THREAD_COMMENT_FIELDS, type CommentDoc } from '../../models/comment.js';
import type { TreeNode } from '../../domain/comment-tree.js';
import {
  commentListFilter,
  COMMENT_SORTS,
  compareComments,
  repliesOfFilter,
  threadRepliesFilter,
} from '../../domain/comment-list-query.js';
import { allotReplies, NESTED_REPLY_LEVELS } from '../../domain/reply-allotment.js';
import { readLean } from '@forum/service-kit';

/** A page's comments with their replies nested, and every comment it carries (flat). */
export interface NestedPage {
  threads: TreeNode<CommentDoc>[];
  loaded: CommentDoc[];
}

/**
 * The most replies a post's page reads in one query when its threads are small: the page's
 * nested budgets (100 + 60 + 40) and some to spare.
 */
export const SMALL_THREADS_REPLIES = 250;

/**
 * Nests under the page's comments the first replies of each, in the page's sort, within the
 * budgets of NESTED_REPLY_LEVELS for their depth: one level at a time, from the reply_count the
 * parents carry. A parent with at most twice the replies it shows is read with the others of its
 * level in one `container_id $in` query and cut here (one round trip instead of one per comment;
 * a level reads at most twice its budget). One with more gets a query of its own, sorted and
 * limited on the index GET /comments/{id}/replies walks, so "N more replies" at offset = shown
 * continues where the page stopped. What a page reads follows the page, not the thread.
 *
 * A post's page whose threads are small (readSmallThreads) reads all their replies in one query
 * first, and its levels are cut from those in memory, in the same way: one round trip instead
 * of three (each costs both processes more CPU than a hundred comments' decoding).
 * `smallThreads`: the most replies that read may return (0: never read that way).
 */
export async function loadNestedReplies(
  models: ForumModels,
  tops: CommentDoc[],
  sortBy: CommentSort,
  smallThreads = SMALL_THREADS_REPLIES,
): Promise<NestedPage> {
  const compare = compareComments(sortBy);
  const asNode = (doc: CommentDoc) => Object.assign(doc, { replies: [] }) as TreeNode<CommentDoc>;
  const threads = tops.map(asNode);
  const loaded: CommentDoc[] = [...tops];
  const whole = await readSmallThreads(models, tops, smallThreads);
  let parents = threads;
  // The levels below the page's own comments (they share a depth: one container's list).
  for (const level of NESTED_REPLY_LEVELS.slice(tops[0]?.depth ?? 0)) {
    const withReplies = parents.filter((p) => (p.reply_count ?? 0) > 0);
    const shares = allotReplies(
      withReplies.map((p) => p.reply_count),
      level,
    );
    const share = new Map<string, number>();
    const batched: TreeNode<CommentDoc>[] = [];
    const alone: TreeNode<CommentDoc>[] = [];
    withReplies.forEach((parent, i) => {
      const n = shares[i]!;
      if (n === 0) return;
      share.set(parent._id.toHexString(), n);
      (parent.reply_count <= 2 * n ? batched : alone).push(parent);
    });
    if (share.size === 0) break;
    const byParent = whole ?? byParentOf(await readLevel(models, sortBy, batched, alone, share));
    const next: TreeNode<CommentDoc>[] = [];
    for (const parent of parents) {
      const key = parent._id.toHexString();
      const replies = (byParent.get(key) ?? []).sort(compare).slice(0, share.get(key) ?? 0);
      parent.replies = replies.map(asNode);
      loaded.push(...replies);
      next.push(...parent.replies);
    }
    parents = next;
  }
  return { threads, loaded };
}

/** A level's replies from the database: the batched parents' in one query, each other's alone. */
async function readLevel(
  models: ForumModels,
  sortBy: CommentSort,
  batched: CommentDoc[],
  alone: CommentDoc[],
  share: Map<string, number>,
): Promise<CommentDoc[]> {
  const reads: Promise<CommentDoc[]>[] = alone.map((parent) =>
    readLean<CommentDoc>(models.Comment, commentListFilter(parent._id), {
      projection: THREAD_COMMENT_FIELDS,
      sort: COMMENT_SORTS[sortBy],
      limit: share.get(parent._id.toHexString())!,
    }),
  );
  if (batched.length) {
    reads.push(
      readLean<CommentDoc>(models.Comment, repliesOfFilter(batched.map((p) => p._id)), {
        projection: THREAD_COMMENT_FIELDS,
      }),
    );
  }
  return (await Promise.all(reads)).flat();
}

/**
 * Every reply in the threads of a post's page, by parent (hex id), when they are few: read in
 * one query on (root_id, depth), limited to one more than `limit`, so a read that comes back
 * whole held every reply. Undefined (and the page reads level by level) for a page of replies
 * (root_id names top-level comments only), for threads whose direct replies alone exceed the
 * first level's budget (their threads are large: not read), and when the read overflowed.
 */
async function readSmallThreads(
  models: ForumModels,
  tops: CommentDoc[],
  limit: number,
): Promise<Map<string, CommentDoc[]> | undefined> {
  if (limit <= 0 || tops[0]?.depth !== 0) return undefined;
  const roots = tops.filter((top) => (top.reply_count ?? 0) > 0);
  const direct = roots.reduce((n, top) => n + top.reply_count, 0);
  if (roots.length === 0 || direct > Math.min(limit, NESTED_REPLY_LEVELS[0]!.budget)) {
    return undefined;
  }
  const replies = await readLean<CommentDoc>(
    models.Comment,
    threadRepliesFilter(roots.map((top) => top._id)),
    { projection: THREAD_COMMENT_FIELDS, limit: limit + 1 },
  );
  return replies.length > limit ? undefined : byParentOf(replies);
}

/** Replies grouped by their parent's hex id. */
function byParentOf(replies: CommentDoc[]): Map<string, CommentDoc[]> {
  const byParent = new Map<string, CommentDoc[]>();
  for (const reply of replies) {
    const key = reply.parent_id?.toHexString();
    if (!key) continue;
    const siblings = byParent.get(key);
    if (siblings) siblings.push(reply);
    else byParent.set(key, [reply]);
  }
  return byParent;
}
