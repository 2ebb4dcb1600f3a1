import { useMemo } from 'react';
import type { z } from 'zod';
import { useApi } from '@forum/sdk';
import type { ApiClient } from '@forum/sdk';
import type { CommentSort, PostSort, ReactionType } from '@forum/contracts';
import type * as Schemas from './schemas';

type S = typeof Schemas;
type Out<K extends keyof S> = S[K] extends z.ZodType<infer T> ? T : never;

let loaded: Promise<S> | undefined;
const schema =
  <K extends keyof S>(name: K) =>
  async (): Promise<z.ZodType<Out<K>>> =>
    (await (loaded ??= import('./schemas')))[name] as unknown as z.ZodType<Out<K>>;

const seg = encodeURIComponent;

/** Spec: the post page loads top-level comments 50 at a time (each with its replies). */
export const COMMENT_PAGE_SIZE = 50;

export interface PostListParams {
  feed?: 'joined';
  community_id?: string;
  author_id?: string;
  sort?: PostSort;
  limit?: number;
  offset?: number;
}

export interface Page {
  limit?: number;
  offset?: number;
}

/** The forum's calls (spec §7) over the SDK's client, typed and parsed with the contracts. */
export function createForumApi(client: ApiClient) {
  const get = <K extends keyof S>(path: string, name: K, query?: Record<string, unknown>) =>
    client.get<Out<K>>(path, {
      query: query as Record<string, string | number | undefined>,
      schema: schema(name),
    });
  const post = <K extends keyof S>(path: string, name: K, body?: unknown) =>
    client.post<Out<K>>(path, body ?? {}, { schema: schema(name) });
  const put = <K extends keyof S>(path: string, name: K, body?: unknown) =>
    client.put<Out<K>>(path, body ?? {}, { schema: schema(name) });
  const del = <K extends keyof S>(path: string, name?: K) =>
    client.delete<Out<K>>(path, name ? { schema: schema(name) } : {});

  return {
    posts: {
      list: (p: PostListParams) => get('/posts', 'ListPostsResponse', { ...p }),
      get: (id: string) => get(`/posts/${seg(id)}`, 'PostResponse'),
      create: (body: FormData | Record<string, unknown>) => post('/posts', 'PostResponse', body),
      update: (id: string, body: { title: string; content: string }) =>
        put(`/posts/${seg(id)}`, 'PostResponse', body),
      remove: (id: string) => client.delete<unknown>(`/posts/${seg(id)}`),
      vote: (id: string, vote_type: 1 | -1) =>
        post(`/posts/${seg(id)}/vote`, 'CastVoteResponse', { vote_type }),
      react: (id: string, reaction_type: ReactionType) =>
        post(`/posts/${seg(id)}/reactions`, 'ReactionsResponse', { reaction_type }),
      unreact: (id: string) => del(`/posts/${seg(id)}/reactions`, 'ReactionsResponse'),
      save: (id: string) => post(`/posts/${seg(id)}/save`, 'SavedResponse'),
      unsave: (id: string) => del(`/posts/${seg(id)}/save`, 'SavedResponse'),
      saved: (p: Page) => get('/posts/saved/my', 'ListPostsResponse', { ...p }),
      subscription: (id: string) =>
        get(`/post-subscriptions/${seg(id)}/status`, 'SubscribedResponse'),
      subscribe: (id: string) => post(`/post-subscriptions/${seg(id)}`, 'SubscribedResponse'),
      unsubscribe: (id: string) => del(`/post-subscriptions/${seg(id)}`, 'SubscribedResponse'),
    },
    communities: {
      list: (p: Page) => get('/communities', 'ListCommunitiesResponse', { ...p }),
      mine: (p: Page) => get('/communities/my', 'ListCommunitiesResponse', { ...p }),
      byName: (name: string) => get(`/communities/name/${seg(name)}`, 'CommunityResponse'),
      create: (body: unknown) => post('/communities', 'CommunityResponse', body),
      update: (id: string, body: { description: string; rules: string }) =>
        put(`/communities/${seg(id)}`, 'CommunityResponse', body),
      remove: (id: string) => client.delete<unknown>(`/communities/${seg(id)}`),
      join: (id: string) => post(`/communities/${seg(id)}/join`, 'JoinLeaveResponse'),
      leave: (id: string) => post(`/communities/${seg(id)}/leave`, 'JoinLeaveResponse'),
      membership: (id: string) => get(`/communities/${seg(id)}/membership`, 'MembershipResponse'),
      uploadLogo: (id: string, file: File) => {
        const form = new FormData();
        form.append('avatar', file);
        return post(`/communities/${seg(id)}/logo`, 'LogoResponse', form);
      },
      removeLogo: (id: string) => del(`/communities/${seg(id)}/logo`, 'LogoResponse'),
    },
    comments: {
      forPost: (postId: string, sortBy: CommentSort, offset = 0) =>
        get(`/comments/post/${seg(postId)}`, 'CommentThreadsResponse', {
          sortBy,
          limit: COMMENT_PAGE_SIZE,
          offset,
        }),
      create: (body: { content: string; post_id: string; parent_id?: string | null }) =>
        post('/comments', 'CommentResponse', body),
      update: (id: string, content: string) =>
        put(`/comments/${seg(id)}`, 'CommentResponse', { content }),
      remove: (id: string) => client.delete<unknown>(`/comments/${seg(id)}`),
      vote: (id: string, vote_type: 1 | -1) =>
        post(`/comments/${seg(id)}/vote`, 'CastVoteResponse', { vote_type }),
      save: (id: string) => post(`/comments/${seg(id)}/save`, 'SavedResponse'),
      unsave: (id: string) => del(`/comments/${seg(id)}/save`, 'SavedResponse'),
      saved: (p: Page) => get('/comments/saved/my', 'CommentPageResponse', { ...p }),
    },
    users: {
      get: (username: string) => get(`/auth/user/${seg(username)}`, 'UserResponse'),
      posts: (username: string, p: Page & { sortBy: PostSort }) =>
        get(`/auth/user/${seg(username)}/posts`, 'ListPostsResponse', { ...p }),
      comments: (username: string, p: Page) =>
        get(`/auth/user/${seg(username)}/comments`, 'CommentPageResponse', { ...p }),
      badges: (userId: string) => get(`/badges/user/${seg(userId)}`, 'BadgesResponse'),
      uploadAvatar: (file: File) => {
        const form = new FormData();
        form.append('avatar', file);
        return client.post<{ avatar_url: string | null }>('/auth/avatar', form);
      },
      removeAvatar: () => client.delete<{ avatar_url: string | null }>('/auth/avatar'),
    },
  };
}

export type ForumApi = ReturnType<typeof createForumApi>;

export function useForumApi(): ForumApi {
  const api = useApi();
  return useMemo(() => createForumApi(api.client), [api]);
}

/** React Query keys. Under the SDK's 'posts' and 'communities' prefixes so any app can invalidate. */
export const forumKeys = {
  posts: (p: PostListParams) => ['posts', 'forum-list', p] as const,
  post: (id: string) => ['posts', 'detail', id] as const,
  savedPosts: ['posts', 'saved'] as const,
  subscription: (id: string) => ['posts', 'subscription', id] as const,
  comments: (postId: string, sort: CommentSort) => ['comments', 'post', postId, sort] as const,
  commentsOf: (postId: string) => ['comments', 'post', postId] as const,
  savedComments: ['comments', 'saved'] as const,
  communities: ['communities', 'forum-list'] as const,
  myCommunities: (userId: string) => ['communities', 'my', userId] as const,
  community: (name: string) => ['communities', 'name', name] as const,
  membership: (id: string, userId: string) => ['communities', 'membership', id, userId] as const,
  user: (username: string) => ['auth', 'user', username] as const,
  userPosts: (username: string, sort: PostSort) => ['posts', 'user', username, sort] as const,
  userComments: (username: string) => ['comments', 'user', username] as const,
  badges: (userId: string) => ['badges', userId] as const,
};
