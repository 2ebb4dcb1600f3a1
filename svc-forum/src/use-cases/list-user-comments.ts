import type { CommentPageQuery } from '@forum/contracts';
import type { AuthUser } from '@forum/service-kit';
import type { ForumModels } from '../models/index.js';
import type { CommentPage } from './shared/comment-page.js';
import { findAuthorId } from './shared/find-author.js';
import { findAuthorComments } from './shared/find-author-comments.js';

/** GET /auth/user/{username}/comments: the author resolved through the user directory. */
export async function listUserComments(
  models: ForumModels,
  user: AuthUser | undefined,
  username: string,
  query: CommentPageQuery,
): Promise<CommentPage> {
  const authorId = await findAuthorId(models, username);
  return findAuthorComments(models, user, authorId, query);
}
