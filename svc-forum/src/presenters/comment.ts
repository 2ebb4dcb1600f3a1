import {
  DELETED_AUTHOR,
  DELETED_COMMENT_TEXT,
  REMOVED_TEXT,
  type Comment,
  type CommentThread,
} from '@forum/contracts';
import type { CommentDoc } from '../models/comment.js';
import type { TreeNode } from '../domain/comment-tree.js';
import type { CommentCallerState } from '../use-cases/shared/load-comment-state.js';
import { seesRemoved, type Viewer } from '../policies/moderation-policy.js';
import { removal } from './removal.js';

/** Where a listed comment lives (saved and profile lists). */
export interface CommentPlace {
  postTitle?: string;
  savedAt?: Date;
}

/**
 * Lean comment -> the Comment of the contract; a placeholder shows no text and no author, nor
 * does a removed comment (EXTENSIONS §M4) except to its author, its community's moderators and
 * the admin (`viewer`), who also get why. A comment whose author the caller blocked says so
 * (EXTENSIONS §B1: shown collapsed, its text still sent so it can be expanded).
 */
export function presentComment(
  doc: CommentDoc,
  state?: CommentCallerState,
  place?: CommentPlace,
  viewer?: Viewer,
): Comment {
  const id = doc._id.toHexString();
  const removed = doc.removed ?? false;
  // A deleted account's comment names nobody (EXTENSIONS §B2); a post's contract needs its id.
  const authorId =
    doc.author_username === DELETED_AUTHOR ? null : (doc.author_id?.toHexString() ?? null);
  const masked = doc.is_deleted
    ? DELETED_COMMENT_TEXT
    : removed && !(viewer && seesRemoved(viewer, doc))
      ? REMOVED_TEXT
      : null;
  const created = doc.created_at.toISOString();
  const edited = doc.updated_at && doc.updated_at.getTime() !== doc.created_at.getTime();
  const comment: Comment = {
    id,
    content: masked ?? doc.content,
    post_id: doc.post_id.toHexString(),
    parent_id: doc.parent_id?.toHexString() ?? null,
    author_id: masked ? null : authorId,
    author_username: masked ?? doc.author_username ?? '',
    created_at: created,
    // Most comments were never edited: one string for both (a page formats up to 250).
    updated_at: edited ? doc.updated_at!.toISOString() : created,
    score: doc.score ?? 0,
    upvotes: Math.max(doc.upvotes ?? 0, 0),
    downvotes: Math.max(doc.downvotes ?? 0, 0),
    depth: doc.depth,
    is_deleted: doc.is_deleted ?? false,
    reply_count: Math.max(doc.reply_count ?? 0, 0),
    user_vote: state?.votes.get(id) ?? null,
    is_saved: state?.saves.has(id) ?? false,
    removed,
  };
  // The optional fields set in place (a page presents up to 250 comments: no spread per field).
  if (place) {
    comment.community_name = doc.community_name;
    if (place.postTitle !== undefined) comment.post_title = place.postTitle;
    if (place.savedAt) comment.saved_at = place.savedAt.toISOString();
  }
  if (removed && !masked) Object.assign(comment, removal(doc));
  if (!masked && authorId && state?.blockedAuthors.has(authorId)) comment.author_blocked = true;
  return comment;
}

export function presentThread(
  node: TreeNode<CommentDoc>,
  state: CommentCallerState,
  viewer: Viewer,
): CommentThread {
  const thread = presentComment(node, state, undefined, viewer) as CommentThread;
  thread.replies = node.replies.map((reply) => presentThread(reply, state, viewer));
  return thread;
}
