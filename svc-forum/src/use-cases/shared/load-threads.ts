import type { CommentSort } from '@forum/contracts';
import type { AuthUser } from '@forum/service-kit';
import type { Types } from 'mongoose';
import type { ForumModels } from '../../models/index.js';
import { THREAD_COMMENT_FIELDS, type CommentDoc } from '../../models/comment.js';
import type { TreeNode } from '../../domain/comment-tree.js';
import { commentListFilter, COMMENT_SORTS } from '../../domain/comment-list-query.js';
import type { Viewer } from '../../policies/moderation-policy.js';
import { loadPageCommentState, type CommentCallerState } from './load-comment-state.js';
import { loadNestedReplies } from './load-nested-replies.js';
import { loadViewerFor } from './load-viewer.js';
import { readLean } from '@forum/service-kit';

export interface ThreadPage {
  threads: TreeNode<CommentDoc>[];
  total: number;
  hasMore: boolean;
  state: CommentCallerState;
  /** Who reads (removed comments keep their place, redacted for most, EXTENSIONS §M4). */
  viewer: Viewer;
}

/** Where the comments live: known once the container (a post, a comment) has been read. */
export interface ThreadContainer {
  communityId: Types.ObjectId;
  /** The container's own count of what it holds, when it keeps one. */
  size?: number | undefined;
}

/**
 * A page of comments in a container (a post: its top-level ones; a comment: its replies), each
 * with its first replies nested (loadNestedReplies: a bounded number, whatever the thread's
 * size; each comment's reply_count tells the reader what it has not got). The page, its total
 * (the container's counter: a comment's reply_count, a post's top_comment_count; counted only
 * when the container has none), a query or a few per level of replies, then the caller's votes
 * and saves for all of them (one query each). The comments' queries read only what the page
 * shows (THREAD_COMMENT_FIELDS).
 *
 * The comments are read while the container is (`container`: its read, which rejects with the
 * 404 or 403 of one the caller may not see, and then so does the page): they depend on its id
 * alone, so a page costs the round trips of its levels, not those plus the container's.
 */
export async function loadThreads(
  models: ForumModels,
  user: AuthUser | undefined,
  containerId: Types.ObjectId,
  container: Promise<ThreadContainer>,
  page: { sortBy: CommentSort; limit: number; offset: number },
): Promise<ThreadPage> {
  const filter = commentListFilter(containerId);
  const nested = readLean<CommentDoc>(models.Comment, filter, {
    projection: THREAD_COMMENT_FIELDS,
    sort: COMMENT_SORTS[page.sortBy],
    skip: page.offset,
    limit: page.limit,
  }).then(async (tops) => ({ tops, ...(await loadNestedReplies(models, tops, page.sortBy)) }));
  const [where, { tops, threads, loaded }] = await Promise.all([container, nested]);
  const [total, state, viewer] = await Promise.all([
    where.size ?? models.Comment.countDocuments(filter),
    loadPageCommentState(models, user, loaded),
    loadViewerFor(models, user, where.communityId, loaded),
  ]);
  return { threads, total, hasMore: page.offset + tops.length < total, state, viewer };
}
