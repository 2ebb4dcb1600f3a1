import { z } from '../zod.js';
import { Id, Pagination, Timestamp, limitParam, offsetParam } from './common.js';

export const COMMENT_SORTS = ['best', 'top', 'new', 'old'] as const;
export const CommentSort = z.enum(COMMENT_SORTS);
export type CommentSort = z.infer<typeof CommentSort>;

const vote = z.union([z.literal(1), z.literal(-1)]);

/**
 * The Comment entity of spec §3 plus its place in the thread and the caller's state. A deleted
 * comment that still has replies keeps its place with is_deleted true, content '[deleted]',
 * author_id null and author_username '[deleted]'.
 */
export const Comment = z
  .object({
    id: Id,
    content: z.string(),
    post_id: Id,
    parent_id: Id.nullable(),
    author_id: Id.nullable(),
    author_username: z.string(),
    created_at: Timestamp,
    score: z.number().int(),
    upvotes: z.number().int().nonnegative(),
    downvotes: z.number().int().nonnegative(),
    // Additions beyond spec §3:
    updated_at: Timestamp.optional(),
    /** 0 for a top-level comment, up to 3 (spec §9). */
    depth: z.number().int().min(0).max(3),
    is_deleted: z.boolean(),
    /** Direct replies. */
    reply_count: z.number().int().nonnegative(),
    /** The signed-in caller's vote and save (null/false for visitors). */
    user_vote: vote.nullable(),
    is_saved: z.boolean(),
    /** Saved and profile lists: where the comment lives. */
    post_title: z.string().optional(),
    community_name: z.string().optional(),
    /** Saved list only: when the caller saved it. */
    saved_at: Timestamp.optional(),
    /**
     * Removed by the moderators (EXTENSIONS §M4; the server always sends it): keeps its place
     * with content '[removed]', author_id null and author_username '[removed]', except for its
     * author, the community's moderators and the admin.
     */
    removed: z.boolean().optional(),
    /** Removed comments, for the author, the community's moderators and the admin only. */
    removal_reason: z.string().optional(),
    /** The remove_comment log entry (the author's appeal names it); same readers. */
    removal_modlog_id: Id.optional(),
    /**
     * EXTENSIONS §B1: true when the signed-in caller blocked its author; the thread shows it
     * collapsed as 'Comment from a blocked user' (it can be expanded). Absent otherwise.
     */
    author_blocked: z.boolean().optional(),
  })
  .meta({ id: 'Comment' });
export type Comment = z.infer<typeof Comment>;

/**
 * A comment with its replies nested to the maximum depth. Written out level by level (the depth
 * is bounded) rather than recursively, so every consumer of the schema sees a finite shape.
 */
const level3 = Comment.extend({ replies: z.array(Comment) });
const level2 = Comment.extend({ replies: z.array(level3) });
const level1 = Comment.extend({ replies: z.array(level2) });
export const CommentThread = Comment.extend({ replies: z.array(level1) }).meta({
  id: 'CommentThread',
});
export type CommentThread = Comment & { replies: CommentThread[] };

/** GET /api/comments/post/{postId}, /api/posts/{id}/comments and /api/comments/{id}/replies. */
export const ListCommentsQuery = z.object({
  sortBy: CommentSort.default('best'),
  limit: limitParam(50),
  offset: offsetParam,
});
export type ListCommentsQuery = z.infer<typeof ListCommentsQuery>;

/** Top-level comments (or a comment's direct replies), each with its replies nested. */
export const CommentThreadsResponse = z.object({
  comments: z.array(CommentThread),
  /** total counts the top-level comments (or the direct replies). */
  pagination: Pagination,
});
export type CommentThreadsResponse = z.infer<typeof CommentThreadsResponse>;

/** GET /api/comments/saved/my, /api/auth/me/comments, /api/auth/user/{username}/comments. */
export const CommentPageQuery = z.object({ limit: limitParam(10), offset: offsetParam });
export type CommentPageQuery = z.infer<typeof CommentPageQuery>;

export const CommentPageResponse = z.object({
  comments: z.array(Comment),
  pagination: Pagination,
});
export type CommentPageResponse = z.infer<typeof CommentPageResponse>;

export const CommentResponse = z.object({ comment: Comment });
export type CommentResponse = z.infer<typeof CommentResponse>;
