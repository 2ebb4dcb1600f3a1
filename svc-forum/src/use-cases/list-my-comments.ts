import type { CommentPageQuery } from '@forum/contracts';
import { toObjectId, type AuthUser } from '@forum/service-kit';
import type { ForumModels } from '../models/index.js';
import type { CommentPage } from './shared/comment-page.js';
import { findAuthorComments } from './shared/find-author-comments.js';

/** GET /auth/me/comments. */
export const listMyComments = (
  models: ForumModels,
  user: AuthUser,
  query: CommentPageQuery,
): Promise<CommentPage> => findAuthorComments(models, user, toObjectId(user.id), query);
