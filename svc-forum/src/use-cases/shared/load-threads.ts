import type { CommentSort } from '@forum/contracts';
import type { AuthUser } from '@forum/service-kit';
import type { Types } from 'mongoose';
import type { ForumModels } from '../../models/index.js';
import { THREAD_COMMENT_FIELDS, type CommentDoc } from '../../models/comment.js';
import { buildCommentTree, type TreeNode } from '../../domain/comment-tree.js';
import {
  commentListFilter,
  COMMENT_SORTS,
  compareComments,
} from '../../domain/comment-list-query.js';
import type { Viewer } from '../../policies/moderation-policy.js';
import { loadCommentState, type CommentCallerState } from './load-comment-state.js';
import { loadViewerFor } from './load-viewer.js';

export interface ThreadPage {
  threads: TreeNode<CommentDoc>[];
  total: number;
  hasMore: boolean;
  state: CommentCallerState;
  /** Who reads (removed comments keep their place, redacted for most, EXTENSIONS §M4). */
  viewer: Viewer;
}

/**
 * A page of comments in a container (a post: its top-level ones; a comment: its replies), each with its whole
 * subtree nested. A bounded number of queries whatever the thread sizes: the page, its total
 * (the container's counter: a comment's reply_count, a post's top_comment_count; counted only
 * when the container has none), every comment of the page's threads at once (root_id index;
 * the tree builder drops what is not under the page), then the caller's votes and saves for all
 * of them (one query each). The comments' queries read only what the page shows
 * (THREAD_COMMENT_FIELDS).
 */
export async function loadThreads(
  models: ForumModels,
  user: AuthUser | undefined,
  where: {
    containerId: Types.ObjectId;
    rootId?: Types.ObjectId;
    communityId: Types.ObjectId;
    /** The container's own count of what it holds, when it keeps one. */
    size?: number | undefined;
  },
  page: { sortBy: CommentSort; limit: number; offset: number },
): Promise<ThreadPage> {
  const filter = commentListFilter(where.containerId);
  const [tops, total] = await Promise.all([
    models.Comment.find(filter, THREAD_COMMENT_FIELDS)
      .sort(COMMENT_SORTS[page.sortBy])
      .skip(page.offset)
      .limit(page.limit)
      .lean<CommentDoc[]>(),
    where.size ?? models.Comment.countDocuments(filter),
  ]);
  const loaded = await loadPageThreads(models, tops, where.rootId);
  const threads = buildCommentTree(tops, loaded, compareComments(page.sortBy));
  const [state, viewer] = await Promise.all([
    loadCommentState(
      models,
      user,
      loaded.map((c) => c._id),
    ),
    loadViewerFor(models, user, where.communityId, loaded),
  ]);
  return { threads, total, hasMore: page.offset + tops.length < total, state, viewer };
}

/**
 * The page's comments and all their descendants, each once. On a post's page the tops are the
 * roots of their threads: `root_id $in` alone returns them with every descendant, exactly the
 * index's keys (a second condition, depth > 0, would leave out 50 documents read twice but cost
 * the dev DB a filter per document, more than those documents: docs/PERFORMANCE.md). A
 * comment's replies share one root with the rest of its thread: only what lies deeper.
 */
async function loadPageThreads(
  models: ForumModels,
  tops: CommentDoc[],
  rootId: Types.ObjectId | undefined,
): Promise<CommentDoc[]> {
  if (tops.every((c) => c.reply_count === 0)) return tops;
  if (!rootId) {
    return models.Comment.find(
      { root_id: { $in: tops.map((c) => c._id) } },
      THREAD_COMMENT_FIELDS,
    ).lean<CommentDoc[]>();
  }
  const deeper = await models.Comment.find(
    { root_id: rootId, depth: { $gt: tops[0]!.depth } },
    THREAD_COMMENT_FIELDS,
  ).lean<CommentDoc[]>();
  return [...tops, ...deeper];
}
