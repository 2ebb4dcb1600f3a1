import type { CommentSort } from '@forum/contracts';
import type { ForumModels } from '../../models/index.js';
import { THREAD_COMMENT_FIELDS, type CommentDoc } from '../../models/comment.js';
import type { TreeNode } from '../../domain/comment-tree.js';
import {
  commentListFilter,
  COMMENT_SORTS,
  compareComments,
  repliesOfFilter,
} from '../../domain/comment-list-query.js';
import { allotReplies, NESTED_REPLY_LEVELS } from '../../domain/reply-allotment.js';
import { readLean } from '@forum/service-kit';

/** A page's comments with their replies nested, and every comment it carries (flat). */
export interface NestedPage {
  threads: TreeNode<CommentDoc>[];
  loaded: CommentDoc[];
}

/**
 * Nests under the page's comments the first replies of each, in the page's sort, within the
 * budgets of NESTED_REPLY_LEVELS for their depth: one level at a time, from the reply_count the
 * parents carry. A parent with at most twice the replies it shows is read with the others of its
 * level in one `container_id $in` query and cut here (one round trip instead of one per comment;
 * a level reads at most twice its budget). One with more gets a query of its own, sorted and
 * limited on the index GET /comments/{id}/replies walks, so "N more replies" at offset = shown
 * continues where the page stopped. What a page reads follows the page, not the thread.
 */
export async function loadNestedReplies(
  models: ForumModels,
  tops: CommentDoc[],
  sortBy: CommentSort,
): Promise<NestedPage> {
  const compare = compareComments(sortBy);
  const asNode = (doc: CommentDoc) => Object.assign(doc, { replies: [] }) as TreeNode<CommentDoc>;
  const threads = tops.map(asNode);
  const loaded: CommentDoc[] = [...tops];
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
    const byParent = new Map<string, CommentDoc[]>();
    for (const doc of (await Promise.all(reads)).flat()) {
      const key = doc.parent_id?.toHexString();
      if (!key) continue;
      const siblings = byParent.get(key);
      if (siblings) siblings.push(doc);
      else byParent.set(key, [doc]);
    }
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
