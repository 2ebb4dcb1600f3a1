import { readLean, type AuthUser } from '@forum/service-kit';
import type { Types } from 'mongoose';
import type { ForumModels } from '../../models/index.js';
import type { CommentDoc } from '../../models/comment.js';
import type { Viewer } from '../../policies/moderation-policy.js';
import { loadPageCommentState, type CommentCallerState } from './load-comment-state.js';

/** A flat page of comments with where each lives (saved and profile lists). */
export interface CommentPage {
  comments: CommentDoc[];
  total: number;
  hasMore: boolean;
  state: CommentCallerState;
  /** Who reads (what removed comments show them, EXTENSIONS §M4). */
  viewer: Viewer;
  /** post id -> title (titles can be edited, so they are read, not copied). */
  postTitles: Map<string, string>;
  /** Saved list only: comment id -> when the caller saved it. */
  savedAt?: Map<string, Date>;
}

/** The page's post titles and the caller's state: one query each for the whole page. */
export async function completeCommentPage(
  models: ForumModels,
  user: AuthUser | undefined,
  viewer: Viewer,
  comments: CommentDoc[],
  counts: { total: number; offset: number; listed: number },
): Promise<CommentPage> {
  const postIds = [...new Map(comments.map((c) => [c.post_id.toHexString(), c.post_id])).values()];
  const [posts, state] = await Promise.all([
    postIds.length
      ? readLean<{ _id: Types.ObjectId; title: string }>(
          models.Post,
          { _id: { $in: postIds } },
          { projection: { title: 1 } },
        )
      : Promise.resolve([]),
    loadPageCommentState(models, user, comments),
  ]);
  return {
    comments,
    total: counts.total,
    hasMore: counts.offset + counts.listed < counts.total,
    state,
    viewer,
    postTitles: new Map(posts.map((p) => [p._id.toHexString(), p.title])),
  };
}
