import { USER_NOT_FOUND, type ProfilePostsQuery } from '@forum/contracts';
import { notFound, type AuthUser } from '@forum/service-kit';
import type { ForumModels } from '../models/index.js';
import { oid } from '../http/ids.js';
import { findPostPage, type PostPage } from './list-posts.js';

const page = (q: ProfilePostsQuery) => ({ sort: q.sortBy, limit: q.limit, offset: q.offset });

/** GET /auth/user/{username}/posts: the author is resolved through the user directory. */
export async function listUserPosts(
  models: ForumModels,
  user: AuthUser | undefined,
  username: string,
  query: ProfilePostsQuery,
): Promise<PostPage> {
  const author = await models.DirectoryUser.findOne(
    { username_lower: username.toLowerCase() },
    { _id: 1 },
  ).lean();
  if (!author) throw notFound(USER_NOT_FOUND);
  return findPostPage(models, user, { authorId: author._id, visitor: !user }, page(query));
}

/** GET /auth/me/posts. */
export const listMyPosts = (models: ForumModels, user: AuthUser, query: ProfilePostsQuery) =>
  findPostPage(models, user, { authorId: oid(user.id), visitor: false }, page(query));
