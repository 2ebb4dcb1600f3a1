import { z } from '../zod.js';
import { Pagination, limitParam, offsetParam } from './common.js';
import { Comment } from './comments.js';
import { Community } from './communities.js';
import { Post } from './posts.js';
import { PublicUser } from './auth.js';

/** EXTENSIONS §S: the one error text of a search too short or too long. */
export const SEARCH_TERMS_TEXT = 'Search terms must be at least 2 characters';
export const SEARCH_MIN_CHARS = 2;
export const SEARCH_MAX_CHARS = 200;

/** `q`, trimmed; 2-200 characters. Quotes and a leading '-' are the only operators it has. */
export const SearchTerms = z
  .string({ error: SEARCH_TERMS_TEXT })
  .trim()
  .min(SEARCH_MIN_CHARS, SEARCH_TERMS_TEXT)
  .max(SEARCH_MAX_CHARS, SEARCH_TERMS_TEXT);

export const SEARCH_SORTS = ['relevance', 'new', 'top'] as const;
export const SearchSort = z.enum(SEARCH_SORTS);
export type SearchSort = z.infer<typeof SearchSort>;

/** GET /api/search/communities and /api/search/users. */
export const SearchQuery = z.object({
  q: SearchTerms,
  limit: limitParam(20, 50),
  offset: offsetParam,
});
export type SearchQuery = z.infer<typeof SearchQuery>;

/** GET /api/search/posts and /api/search/comments: also one community (by name) and a sort. */
export const ContentSearchQuery = SearchQuery.extend({
  community: z.string().min(1).max(100).optional(),
  sort: SearchSort.default('relevance'),
});
export type ContentSearchQuery = z.infer<typeof ContentSearchQuery>;

/** A matched range of a text: [start, end) in UTF-16 code units, as String.prototype.slice takes. */
export const TextRange = z.tuple([z.number().int().nonnegative(), z.number().int().nonnegative()]);
export type TextRange = z.infer<typeof TextRange>;

export const PostHighlights = z.object({
  title: z.array(TextRange),
  content: z.array(TextRange),
});
export type PostHighlights = z.infer<typeof PostHighlights>;

export const CommentHighlights = z.object({ content: z.array(TextRange) });
export type CommentHighlights = z.infer<typeof CommentHighlights>;

/** A post found: the Post of the lists and where the search matched it (never markup). */
export const PostSearchHit = Post.extend({ highlights: PostHighlights }).meta({
  id: 'PostSearchHit',
});
export type PostSearchHit = z.infer<typeof PostSearchHit>;

/** A comment found, with its post's title and community name (the result links to it). */
export const CommentSearchHit = Comment.extend({ highlights: CommentHighlights }).meta({
  id: 'CommentSearchHit',
});
export type CommentSearchHit = z.infer<typeof CommentSearchHit>;

export const PostSearchResponse = z.object({
  posts: z.array(PostSearchHit),
  pagination: Pagination,
});
export type PostSearchResponse = z.infer<typeof PostSearchResponse>;

export const CommentSearchResponse = z.object({
  comments: z.array(CommentSearchHit),
  pagination: Pagination,
});
export type CommentSearchResponse = z.infer<typeof CommentSearchResponse>;

export const CommunitySearchResponse = z.object({
  communities: z.array(Community),
  pagination: Pagination,
});
export type CommunitySearchResponse = z.infer<typeof CommunitySearchResponse>;

export const UserSearchResponse = z.object({
  users: z.array(PublicUser),
  pagination: Pagination,
});
export type UserSearchResponse = z.infer<typeof UserSearchResponse>;
