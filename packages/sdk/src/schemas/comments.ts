import {
  CastVoteResponse,
  CommentPageResponse,
  CommentResponse,
  CommentThreadsResponse,
  MessageResponse,
  SavedResponse,
  VoteResponse,
} from '@forum/contracts';
import type { SuccessSchemaTable } from '../successSchemas';

/** Comments: a post's threads, one comment, its votes and saves, a user's comments. */
export const schemas = {
  'POST /api/comments': CommentResponse,
  'GET /api/comments/post/{postId}': CommentThreadsResponse,
  'GET /api/posts/{id}/comments': CommentThreadsResponse,
  'GET /api/comments/saved/my': CommentPageResponse,
  'GET /api/comments/{id}': CommentResponse,
  'PUT /api/comments/{id}': CommentResponse,
  'DELETE /api/comments/{id}': MessageResponse,
  'POST /api/comments/{id}/vote': CastVoteResponse,
  'GET /api/comments/{id}/vote': VoteResponse,
  'GET /api/comments/{id}/replies': CommentThreadsResponse,
  'POST /api/comments/{id}/save': SavedResponse,
  'DELETE /api/comments/{id}/save': SavedResponse,
  'GET /api/comments/{id}/saved': SavedResponse,
  'GET /api/auth/me/comments': CommentPageResponse,
  'GET /api/auth/user/{username}/comments': CommentPageResponse,
} satisfies Partial<SuccessSchemaTable>;
