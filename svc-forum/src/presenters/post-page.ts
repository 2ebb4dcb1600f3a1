import type { ListPostsResponse } from '@forum/contracts';
import type { PostPage } from '../use-cases/list-posts.js';
import { presentPost } from './post.js';

export const presentPostPage = (page: PostPage): ListPostsResponse => ({
  posts: page.posts.map(presentPost),
  pagination: { hasMore: page.hasMore, total: page.total },
});
