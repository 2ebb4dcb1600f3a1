import type { ProfilePostsQuery } from '@forum/contracts';
import type { AuthUser } from '@forum/service-kit';
import type { ForumModels } from '../models/index.js';
import { findAuthorId } from './shared/find-author.js';
import { findPostPage, type PostPage } from './shared/find-post-page.js';
import { profilePage } from './shared/profile-page.js';

/** GET /auth/user/{username}/posts: the author is resolved through the user directory. */
export async function listUserPosts(
  models: ForumModels,
  user: AuthUser | undefined,
  username: string,
  query: ProfilePostsQuery,
): Promise<PostPage> {
  const authorId = await findAuthorId(models, username);
  return findPostPage(models, user, { authorId, visitor: !user }, profilePage(query));
}
