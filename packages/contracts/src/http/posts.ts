import { z } from '../zod.js';
import { Id, Pagination, Timestamp, limitParam, offsetParam } from './common.js';
import { ReactionCounts, ReactionType } from './reaction-kinds.js';

export const POST_TYPES = ['text', 'link', 'image', 'video', 'poll'] as const;
export const PostType = z.enum(POST_TYPES);
export type PostType = z.infer<typeof PostType>;

export const POST_SORTS = ['hot', 'new', 'top'] as const;
export const PostSort = z.enum(POST_SORTS);
export type PostSort = z.infer<typeof PostSort>;

/** The Post entity of spec §3. */
export const Post = z
  .object({
    id: Id,
    title: z.string(),
    content: z.string(),
    type: PostType,
    image_url: z.string().nullable(),
    community_id: Id,
    community_name: z.string(),
    author_id: Id,
    author_username: z.string(),
    created_at: Timestamp,
    score: z.number().int(),
    upvotes: z.number().int().nonnegative(),
    downvotes: z.number().int().nonnegative(),
    comment_count: z.number().int().nonnegative(),
    // Additions beyond spec §3 (optional so older readers keep parsing):
    /** List-size WebP of an image post's image_url. */
    thumbnail_url: z.string().nullable().optional(),
    /** The community's NSFW flag, copied on the post. */
    community_nsfw: z.boolean().optional(),
    /** Reaction counts kept on the post. */
    reactions: ReactionCounts.optional(),
    total_reactions: z.number().int().nonnegative().optional(),
    /** The signed-in caller's own state (null/false for visitors), so a page needs no more calls. */
    user_vote: z
      .union([z.literal(1), z.literal(-1)])
      .nullable()
      .optional(),
    is_saved: z.boolean().optional(),
    user_reaction: ReactionType.nullable().optional(),
    /** Saved lists only: when the caller saved it. */
    saved_at: Timestamp.optional(),
    // Moderation (EXTENSIONS §M2, §M4): the server always sends the three flags.
    /** Removed by the moderators: hidden from lists; to most readers title '[removed]', no body. */
    removed: z.boolean().optional(),
    /** No new comments; votes, reactions and saves still work. */
    locked: z.boolean().optional(),
    /** First on the community page, newest pin first. */
    pinned: z.boolean().optional(),
    /** Removed posts, for the author, the community's moderators and the admin only. */
    removal_reason: z.string().optional(),
    /** The remove_post log entry (the author's appeal names it); same readers. */
    removal_modlog_id: Id.optional(),
  })
  .meta({ id: 'Post' });
export type Post = z.infer<typeof Post>;

/**
 * GET /api/posts query (spec §7): filters, sort (default new), offset paging.
 * `feed=joined` (signed in only) merges the posts of the caller's joined communities.
 */
export const ListPostsQuery = z.object({
  feed: z.enum(['joined']).optional(),
  community_id: Id.optional(),
  author_id: Id.optional(),
  sort: PostSort.default('new'),
  limit: limitParam(20),
  offset: offsetParam,
});
export type ListPostsQuery = z.infer<typeof ListPostsQuery>;
export type ListPostsQueryInput = z.input<typeof ListPostsQuery>;

export const ListPostsResponse = z.object({
  posts: z.array(Post),
  pagination: Pagination,
});
export type ListPostsResponse = z.infer<typeof ListPostsResponse>;

export const PostResponse = z.object({ post: Post });
export type PostResponse = z.infer<typeof PostResponse>;
