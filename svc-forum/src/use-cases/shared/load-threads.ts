import type { CommentSort } from '@forum/contracts';
import type { AuthUser } from '@forum/service-kit';
import type { Types } from 'mongoose';
import type { ForumModels } from '../../models/index.js';
import type { CommentDoc } from '../../models/comment.js';
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
 * when the container has none),
 * every descendant of the page's threads at once (root_id index; the tree builder drops what is
 * not under the page), then the caller's votes and saves for all of them.
 */
export async function loadThreads(
  models: ForumModels,
  user: AuthUser | undefined,
  where: {
    containerId: Types.ObjectId;
    rootId?: Types.ObjectId;
    communityId: Types.ObjectId;
    /** The container's own count of what it holds, when it keeps one (a comment's reply_count). */
    size?: number | undefined;
  },
  page: { sortBy: CommentSort; limit: number; offset: number },
): Promise<ThreadPage> {
  const filter = commentListFilter(where.containerId);
  const [tops, total] = await Promise.all([
    models.Comment.find(filter)
      .sort(COMMENT_SORTS[page.sortBy])
      .skip(page.offset)
      .limit(page.limit)
      .lean<CommentDoc[]>(),
    where.size ?? models.Comment.countDocuments(filter),
  ]);
  const rootIds = where.rootId ? [where.rootId] : tops.map((c) => c._id);
  const minDepth = tops[0]?.depth ?? 0;
  const descendants =
    tops.length === 0 || tops.every((c) => c.reply_count === 0)
      ? []
      : await models.Comment.find({
          root_id: { $in: rootIds },
          depth: { $gt: minDepth },
        }).lean<CommentDoc[]>();
  const threads = buildCommentTree(tops, descendants, compareComments(page.sortBy));
  const ids = [...tops, ...descendants].map((c) => c._id);
  const [state, viewer] = await Promise.all([
    loadCommentState(models, user, ids),
    loadViewerFor(models, user, where.communityId, [...tops, ...descendants]),
  ]);
  return { threads, total, hasMore: page.offset + tops.length < total, state, viewer };
}
