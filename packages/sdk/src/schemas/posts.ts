import {
  CastVoteResponse,
  ListPostsResponse,
  MessageResponse,
  PostResponse,
  ReactionsResponse,
  SavedResponse,
  SubscribedResponse,
  VoteResponse,
} from '@forum/contracts';
import type { SuccessSchemaTable } from '../successSchemas';

/** Posts: the lists (the visitor's home list among them), one post, its votes, reactions, saves and subscriptions. */
export const schemas = {
  'POST /api/posts': PostResponse,
  'GET /api/posts': ListPostsResponse,
  'GET /api/posts/saved/my': ListPostsResponse,
  'GET /api/posts/{id}': PostResponse,
  'PUT /api/posts/{id}': PostResponse,
  'DELETE /api/posts/{id}': MessageResponse,
  'POST /api/posts/{id}/vote': CastVoteResponse,
  'GET /api/posts/{id}/vote': VoteResponse,
  'GET /api/posts/{id}/reactions': ReactionsResponse,
  'POST /api/posts/{id}/reactions': ReactionsResponse,
  'DELETE /api/posts/{id}/reactions': ReactionsResponse,
  'POST /api/posts/{id}/save': SavedResponse,
  'DELETE /api/posts/{id}/save': SavedResponse,
  'GET /api/posts/{id}/saved': SavedResponse,
  'GET /api/post-subscriptions/{postId}/status': SubscribedResponse,
  'POST /api/post-subscriptions/{postId}': SubscribedResponse,
  'DELETE /api/post-subscriptions/{postId}': SubscribedResponse,
  'GET /api/auth/me/posts': ListPostsResponse,
  'GET /api/auth/user/{username}/posts': ListPostsResponse,
} satisfies Partial<SuccessSchemaTable>;
