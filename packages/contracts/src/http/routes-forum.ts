import { ListPostsQuery, ListPostsResponse } from './posts.js';
import { ForumStats } from './stats.js';
import { errorResponse as error, type RouteContract } from './route-contract.js';

export const forumRoutes: RouteContract[] = [
  {
    method: 'get',
    path: '/api/posts',
    service: 'forum',
    summary: 'List posts, optionally by community or author, sorted hot, new or top',
    auth: 'optional',
    request: { query: ListPostsQuery },
    responses: {
      200: { description: 'A page of posts', schema: ListPostsResponse },
      400: error('Invalid query'),
    },
  },
  {
    method: 'get',
    path: '/internal/stats',
    service: 'forum',
    summary: 'Community, post and comment totals for the admin dashboard',
    auth: 'none',
    internal: true,
    responses: { 200: { description: 'Totals', schema: ForumStats } },
  },
];
