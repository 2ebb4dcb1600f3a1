import { z } from '../zod.js';
import { plainText } from './post-text.js';

/** Spec §5 ("trimmed content non-empty") and the bounds the spec leaves to the server. */
export const CommentTexts = {
  contentRequired: 'Comment content is required',
  contentMax: 'Comment must be at most 10,000 characters long',
  postRequired: 'post_id must be a valid post id',
  parentInvalid: 'parent_id must be a valid comment id',
  notFound: 'Comment not found',
  parentNotFound: 'Parent comment not found',
  parentDeleted: 'Cannot reply to a deleted comment',
  parentOtherPost: 'The parent comment belongs to another post',
  maxDepth: 'Maximum reply depth reached',
  cannotEdit: 'You do not have permission to edit this comment',
  cannotDelete: 'You do not have permission to delete this comment',
  deleted: 'Comment deleted',
} as const;

export const COMMENT_MAX = 10_000;
/**
 * Spec §9 "Max reply depth 3": top-level comments have depth 0, and a reply is allowed only
 * while its parent's depth is below 3, so the deepest reply has depth 3.
 */
export const MAX_COMMENT_DEPTH = 3;
/** What a deleted comment that still has replies shows instead of its text and author. */
export const DELETED_COMMENT_TEXT = '[deleted]';

const ID_PATTERN = /^[a-fA-F0-9]{24}$/;

/** Plain text like posts (markup stripped, trimmed), 1 to 10,000 characters. */
export const CommentContent = plainText(
  CommentTexts.contentRequired,
  z.string().min(1, CommentTexts.contentRequired).max(COMMENT_MAX, CommentTexts.contentMax),
);

/** POST /api/comments. */
export const CreateCommentBody = z.object({
  content: CommentContent,
  post_id: z
    .string({ error: CommentTexts.postRequired })
    .regex(ID_PATTERN, CommentTexts.postRequired),
  parent_id: z
    .string({ error: CommentTexts.parentInvalid })
    .regex(ID_PATTERN, CommentTexts.parentInvalid)
    .nullable()
    .optional(),
});
export type CreateCommentBody = z.infer<typeof CreateCommentBody>;
export type CreateCommentInput = z.input<typeof CreateCommentBody>;

/** PUT /api/comments/{id}. */
export const UpdateCommentBody = z.object({ content: CommentContent });
export type UpdateCommentBody = z.infer<typeof UpdateCommentBody>;
