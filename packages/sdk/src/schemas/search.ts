import {
  CommentSearchResponse,
  CommunitySearchResponse,
  PostSearchResponse,
  UserSearchResponse,
} from '@forum/contracts';
import type { SuccessSchemaTable } from '../successSchemas';

/** Search (EXTENSIONS §S): posts, comments, communities and users. */
export const schemas = {
  'GET /api/search/posts': PostSearchResponse,
  'GET /api/search/comments': CommentSearchResponse,
  'GET /api/search/communities': CommunitySearchResponse,
  'GET /api/search/users': UserSearchResponse,
} satisfies Partial<SuccessSchemaTable>;
