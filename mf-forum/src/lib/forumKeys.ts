import { queryKeys, type CallQuery } from '@forum/sdk';
import type { CommentSort, PostSort } from '@forum/contracts';

/** React Query keys. Under the SDK's 'posts' and 'communities' prefixes so any app can invalidate. */
export const forumKeys = {
  posts: (query: CallQuery<'GET /api/posts'>) => ['posts', 'forum-list', query] as const,
  post: queryKeys.posts.detail,
  savedPosts: ['posts', 'saved'] as const,
  subscription: (id: string) => ['posts', 'subscription', id] as const,
  comments: (postId: string, sort: CommentSort) => ['comments', 'post', postId, sort] as const,
  commentsOf: (postId: string) => ['comments', 'post', postId] as const,
  savedComments: ['comments', 'saved'] as const,
  communities: ['communities', 'forum-list'] as const,
  myCommunities: (userId: string) => ['communities', 'my', userId] as const,
  community: queryKeys.communities.byName,
  membership: (id: string, userId: string) => ['communities', 'membership', id, userId] as const,
  user: queryKeys.auth.user,
  userPosts: (username: string, sort: PostSort) => ['posts', 'user', username, sort] as const,
  userComments: (username: string) => ['comments', 'user', username] as const,
  badges: (userId: string) => ['badges', userId] as const,
};
