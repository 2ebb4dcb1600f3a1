import { CommentTexts, MAX_COMMENT_DEPTH } from '@forum/contracts';
import { badRequest, forbidden, type AuthUser } from '@forum/service-kit';
import type { CommentDoc } from '../models/comment.js';

/** Spec §6: authors edit and delete their own comments; nobody else (admins included). */
export const isCommentAuthor = (comment: Pick<CommentDoc, 'author_id'>, user: AuthUser) =>
  comment.author_id?.toHexString() === user.id;

export function assertCanEditComment(comment: CommentDoc, user: AuthUser): void {
  if (!isCommentAuthor(comment, user)) throw forbidden(CommentTexts.cannotEdit);
}

export function assertCanDeleteComment(comment: CommentDoc, user: AuthUser): void {
  if (!isCommentAuthor(comment, user)) throw forbidden(CommentTexts.cannotDelete);
}

/** Spec §4/§9: a reply is allowed only while the parent's depth is below 3, on the same post. */
export function assertCanReplyTo(
  parent: Pick<CommentDoc, 'depth' | 'post_id' | 'is_deleted'>,
  postId: string,
): void {
  if (parent.post_id.toHexString() !== postId) throw badRequest(CommentTexts.parentOtherPost);
  if (parent.is_deleted) throw badRequest(CommentTexts.parentDeleted);
  if (parent.depth >= MAX_COMMENT_DEPTH) throw badRequest(CommentTexts.maxDepth);
}
