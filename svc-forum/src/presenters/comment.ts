import { DELETED_COMMENT_TEXT, type Comment, type CommentThread } from '@forum/contracts';
import type { CommentDoc } from '../models/comment.js';
import type { TreeNode } from '../domain/comment-tree.js';
import type { CommentCallerState } from '../use-cases/shared/load-comment-state.js';

/** Where a listed comment lives (saved and profile lists). */
export interface CommentPlace {
  postTitle?: string;
  savedAt?: Date;
}

/** Lean comment -> the Comment of the contract; a placeholder shows no text and no author. */
export function presentComment(
  doc: CommentDoc,
  state?: CommentCallerState,
  place?: CommentPlace,
): Comment {
  const id = doc._id.toHexString();
  return {
    id,
    content: doc.is_deleted ? DELETED_COMMENT_TEXT : doc.content,
    post_id: doc.post_id.toHexString(),
    parent_id: doc.parent_id?.toHexString() ?? null,
    author_id: doc.is_deleted ? null : (doc.author_id?.toHexString() ?? null),
    author_username: doc.is_deleted ? DELETED_COMMENT_TEXT : (doc.author_username ?? ''),
    created_at: doc.created_at.toISOString(),
    updated_at: (doc.updated_at ?? doc.created_at).toISOString(),
    score: doc.score ?? 0,
    upvotes: Math.max(doc.upvotes ?? 0, 0),
    downvotes: Math.max(doc.downvotes ?? 0, 0),
    depth: doc.depth,
    is_deleted: doc.is_deleted ?? false,
    reply_count: Math.max(doc.reply_count ?? 0, 0),
    user_vote: state?.votes.get(id) ?? null,
    is_saved: state?.saves.has(id) ?? false,
    ...(place ? { community_name: doc.community_name } : {}),
    ...(place?.postTitle !== undefined ? { post_title: place.postTitle } : {}),
    ...(place?.savedAt ? { saved_at: place.savedAt.toISOString() } : {}),
  };
}

export function presentThread(
  node: TreeNode<CommentDoc>,
  state: CommentCallerState,
): CommentThread {
  return {
    ...presentComment(node, state),
    replies: node.replies.map((reply) => presentThread(reply, state)),
  };
}
