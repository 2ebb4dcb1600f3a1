import {
  CommentSearchResponse,
  CommunitySearchResponse,
  ContentSearchQuery,
  PostSearchResponse,
  SEARCH_TERMS_TEXT,
  SearchQuery,
  UserSearchResponse,
} from './search.js';
import { errorResponse as error, routesFor } from './route-contract.js';

const forum = routesFor('forum');
const identity = routesFor('identity');

const badTerms = error(`${SEARCH_TERMS_TEXT} (or another invalid parameter)`);

/**
 * EXTENSIONS §S: every word must match (stemmed, case- and accent-insensitive), "phrases" as
 * phrases, -words excluded; users and communities also by name prefix. Visitors never get NSFW
 * content; removed content only its community's moderators and the admin.
 */
export const searchRoutes = [
  forum({
    method: 'get',
    path: '/api/search/posts',
    summary: 'Posts matching q (relevance, new or top), with the matched ranges of title/content',
    auth: 'optional',
    request: { query: ContentSearchQuery },
    responses: {
      200: { description: 'A page of posts', schema: PostSearchResponse },
      400: badTerms,
      404: error('Community not found'),
    },
  }),
  forum({
    method: 'get',
    path: '/api/search/comments',
    summary: 'Comments matching q (relevance, new or top), with the matched ranges of content',
    auth: 'optional',
    request: { query: ContentSearchQuery },
    responses: {
      200: { description: 'A page of comments', schema: CommentSearchResponse },
      400: badTerms,
      404: error('Community not found'),
    },
  }),
  forum({
    method: 'get',
    path: '/api/search/communities',
    summary: 'Communities whose name starts with q, then those whose name/description match it',
    auth: 'optional',
    request: { query: SearchQuery },
    responses: {
      200: { description: 'A page of communities', schema: CommunitySearchResponse },
      400: badTerms,
    },
  }),
  identity({
    method: 'get',
    path: '/api/search/users',
    summary: 'Active users whose username starts with q, then those it matches as words',
    auth: 'optional',
    request: { query: SearchQuery },
    responses: {
      200: { description: 'A page of users', schema: UserSearchResponse },
      400: badTerms,
    },
  }),
] as const;
