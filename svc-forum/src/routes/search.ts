import type { ServiceHandlers } from '@forum/service-kit';
import type { ForumDeps } from '../deps.js';
import { presentCommunityPage } from '../presenters/community-page.js';
import { presentCommentSearch, presentPostSearch } from '../presenters/search.js';
import { searchComments } from '../use-cases/search-comments.js';
import { searchCommunities } from '../use-cases/search-communities.js';
import { searchPosts } from '../use-cases/search-posts.js';

/** /api/search (EXTENSIONS §S): posts, comments, communities (users: svc-identity). */
export function searchHandlers({ models }: ForumDeps) {
  return {
    'GET /api/search/posts': async ({ user, query }) =>
      presentPostSearch(await searchPosts(models, user, query)),
    'GET /api/search/comments': async ({ user, query }) =>
      presentCommentSearch(await searchComments(models, user, query)),
    'GET /api/search/communities': async ({ user, query }) =>
      presentCommunityPage(await searchCommunities(models, user, query)),
  } satisfies Partial<ServiceHandlers<'forum'>>;
}
