import type { ListPostsResponse } from '@forum/contracts';
import type { PostPage } from '../use-cases/shared/find-post-page.js';
import { presentPagination } from './pagination.js';
import { presentPost } from './post.js';

export const presentPostPage = (page: PostPage): ListPostsResponse => ({
  posts: page.posts.map((doc) => ({
    ...presentPost(doc, page.state, page.viewer),
    ...(page.savedAt?.has(doc._id.toHexString())
      ? { saved_at: page.savedAt.get(doc._id.toHexString())!.toISOString() }
      : {}),
  })),
  pagination: presentPagination(page),
});
