import type { z } from 'zod';
import type * as ContractsModule from '@forum/contracts';
import type * as SchemasModuleNs from './schemas';
import type { PostSort } from '@forum/contracts';
import type { ApiClient } from './client';

type Contracts = typeof ContractsModule;
/** The parsed type of a contract schema, by export name. */
type Out<K extends keyof Contracts> = Contracts[K] extends z.ZodType<infer T> ? T : never;
type ListPostsResponse = Out<'ListPostsResponse'>;
type PostResponse = Out<'PostResponse'>;
type ListCommunitiesResponse = Out<'ListCommunitiesResponse'>;
type CommunityResponse = Out<'CommunityResponse'>;
type UserResponse = Out<'UserResponse'>;

/** Per-call options every typed call accepts. */
export interface CallOptions {
  signal?: AbortSignal;
}

export interface ListPostsParams {
  community_id?: string;
  author_id?: string;
  sort?: PostSort;
  limit?: number;
  offset?: number;
}

export interface PageParams {
  limit?: number;
  offset?: number;
}

const seg = (value: string) => encodeURIComponent(value);

// The contract schemas (and zod) load on the first typed call, not with the shell's first paint.
type SchemasModule = typeof SchemasModuleNs;
let schemasPromise: Promise<SchemasModule> | undefined;
const load = () => (schemasPromise ??= import('./schemas'));
const schemas = {
  ListPostsResponse: async () => (await load()).ListPostsResponse,
  PostResponse: async () => (await load()).PostResponse,
  ListCommunitiesResponse: async () => (await load()).ListCommunitiesResponse,
  CommunityResponse: async () => (await load()).CommunityResponse,
  UserResponse: async () => (await load()).UserResponse,
};

/**
 * Typed calls over an ApiClient. Responses are parsed with the contract schemas of
 * @forum/contracts; grow this object as screens need more of spec §7.
 */
export function createApi(client: ApiClient) {
  return {
    client,
    posts: {
      /** GET /posts -> {posts, pagination} */
      list: (params: ListPostsParams = {}, o: CallOptions = {}) =>
        client.get<ListPostsResponse>('/posts', {
          query: { ...params },
          schema: schemas.ListPostsResponse,
          ...o,
        }),
      /** GET /posts/:id -> {post} */
      get: (id: string, o: CallOptions = {}) =>
        client.get<PostResponse>(`/posts/${seg(id)}`, { schema: schemas.PostResponse, ...o }),
    },
    communities: {
      /** GET /communities -> {communities, pagination} */
      list: (params: PageParams = {}, o: CallOptions = {}) =>
        client.get<ListCommunitiesResponse>('/communities', {
          query: { ...params },
          schema: schemas.ListCommunitiesResponse,
          ...o,
        }),
      /** GET /communities/name/:name -> {community} */
      byName: (name: string, o: CallOptions = {}) =>
        client.get<CommunityResponse>(`/communities/name/${seg(name)}`, {
          schema: schemas.CommunityResponse,
          ...o,
        }),
    },
    auth: {
      /** GET /auth/me -> {user} */
      me: (o: CallOptions = {}) =>
        client.get<UserResponse>('/auth/me', { schema: schemas.UserResponse, ...o }),
      /** GET /auth/user/:username -> {user} */
      user: (username: string, o: CallOptions = {}) =>
        client.get<UserResponse>(`/auth/user/${seg(username)}`, {
          schema: schemas.UserResponse,
          ...o,
        }),
    },
  };
}

export type Api = ReturnType<typeof createApi>;

/** React Query keys, shared by every app so invalidations reach all remotes. */
export const queryKeys = {
  posts: {
    all: ['posts'] as const,
    list: (params: ListPostsParams) => ['posts', 'list', params] as const,
    detail: (id: string) => ['posts', 'detail', id] as const,
  },
  communities: {
    all: ['communities'] as const,
    list: (params: PageParams) => ['communities', 'list', params] as const,
    byName: (name: string) => ['communities', 'name', name] as const,
  },
  auth: {
    me: ['auth', 'me'] as const,
    user: (username: string) => ['auth', 'user', username] as const,
  },
};
