import type { ProfilePostsQuery } from '@forum/contracts';
import { toObjectId, type AuthUser } from '@forum/service-kit';
import type { ForumModels } from '../models/index.js';
import { findPostPage, type PostPage } from './shared/find-post-page.js';
import { profilePage } from './shared/profile-page.js';

/** GET /auth/me/posts. */
export const listMyPosts = (
  models: ForumModels,
  user: AuthUser,
  query: ProfilePostsQuery,
): Promise<PostPage> =>
  findPostPage(models, user, { authorId: toObjectId(user.id), visitor: false }, profilePage(query));
