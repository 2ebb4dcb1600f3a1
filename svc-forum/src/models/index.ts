import type { Connection } from 'mongoose';
import { definePostModel, type PostModel } from './post.js';
import { defineDirectoryUserModel, type DirectoryUserModel } from './directory-user.js';

export interface ForumModels {
  Post: PostModel;
  DirectoryUser: DirectoryUserModel;
}

/** Models bound to the service's own connection (so tests can hold several). */
export function createForumModels(conn: Connection): ForumModels {
  return { Post: definePostModel(conn), DirectoryUser: defineDirectoryUserModel(conn) };
}

/** Collections counted for admin stats; the later issues give each its model. */
export const STATS_COLLECTIONS = {
  communities: 'communities',
  posts: 'posts',
  comments: 'comments',
} as const;
