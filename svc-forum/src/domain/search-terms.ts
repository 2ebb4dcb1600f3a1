import { termsOf } from '@forum/search-text';

/**
 * What each searchable document stores as `search_terms` (EXTENSIONS §S): the distinct terms of
 * the texts its text index covers, so a search can require every word ($all) where MongoDB's
 * $text matches any. One place, used by every write of those texts and by the backfill.
 */
export const postSearchTerms = (post: { title: string; content?: string | null }): string[] =>
  termsOf(post.title, post.content ?? '');

export const commentSearchTerms = (comment: { content: string }): string[] =>
  termsOf(comment.content);

export const communitySearchTerms = (community: {
  name: string;
  description?: string | null;
}): string[] => termsOf(community.name, community.description ?? '');
