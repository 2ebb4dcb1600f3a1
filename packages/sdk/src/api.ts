import type { z } from 'zod';
import type * as ContractsModule from '@forum/contracts';
import type { PostSort } from '@forum/contracts';
import type { ApiClient } from './client';
import { lazySchema } from './lazySchemas';

type Contracts = typeof ContractsModule;
/** The parsed type of a contract schema, by export name. */
type Out<K extends keyof Contracts> = Contracts[K] extends z.ZodType<infer T> ? T : never;
type ListPostsResponse = Out<'ListPostsResponse'>;
type PostResponse = Out<'PostResponse'>;
type ListCommunitiesResponse = Out<'ListCommunitiesResponse'>;
type CommunityResponse = Out<'CommunityResponse'>;
type UserResponse = Out<'UserResponse'>;
type SessionResponse = Out<'SessionResponse'>;
type RefreshResponse = Out<'RefreshResponse'>;
type ReferralCodeResponse = Out<'ReferralCodeResponse'>;
type ReferralStatsResponse = Out<'ReferralStatsResponse'>;
type ListNotificationsResponse = Out<'ListNotificationsResponse'>;
type UnreadCountResponse = Out<'UnreadCountResponse'>;
type AuthMessageResponse = Out<'AuthMessageResponse'>;

export interface LoginBody {
  /** An email address or a username (the form's "Email or Username"). */
  email: string;
  password: string;
  rememberMe?: boolean;
}

export interface RegisterBody {
  username: string;
  email: string;
  password: string;
  referral_code?: string | null;
}

export interface NotificationsPageParams {
  /** 1-based. */
  page?: number;
  limit?: number;
}

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

const schemas = {
  ListPostsResponse: lazySchema('ListPostsResponse'),
  PostResponse: lazySchema('PostResponse'),
  ListCommunitiesResponse: lazySchema('ListCommunitiesResponse'),
  CommunityResponse: lazySchema('CommunityResponse'),
  UserResponse: lazySchema('UserResponse'),
  SessionResponse: lazySchema('SessionResponse'),
  RefreshResponse: lazySchema('RefreshResponse'),
  ReferralCodeResponse: lazySchema('ReferralCodeResponse'),
  ReferralStatsResponse: lazySchema('ReferralStatsResponse'),
  ListNotificationsResponse: lazySchema('ListNotificationsResponse'),
  UnreadCountResponse: lazySchema('UnreadCountResponse'),
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
      /** POST /auth/login -> {user, token, refreshToken}. Use session.login to also sign in. */
      login: (body: LoginBody, o: CallOptions = {}) =>
        client.post<SessionResponse>('/auth/login', body, {
          auth: false,
          schema: schemas.SessionResponse,
          ...o,
        }),
      /** POST /auth/register -> 201 {user, token, refreshToken}. */
      register: (body: RegisterBody, o: CallOptions = {}) =>
        client.post<SessionResponse>('/auth/register', body, {
          auth: false,
          schema: schemas.SessionResponse,
          ...o,
        }),
      /** POST /auth/refresh -> {token, refreshToken} (session.ts drives it). */
      refresh: (refreshToken: string, o: CallOptions = {}) =>
        client.post<RefreshResponse>(
          '/auth/refresh',
          { refreshToken },
          { auth: false, schema: schemas.RefreshResponse, ...o },
        ),
      /** POST /auth/logout {refreshToken}: revokes the session's token family. */
      logout: (refreshToken: string | null, o: CallOptions = {}) =>
        client.post<AuthMessageResponse>('/auth/logout', refreshToken ? { refreshToken } : {}, {
          auth: false,
          ...o,
        }),
      /** POST /auth/forgot-password {email}: same answer whether or not the account exists. */
      forgotPassword: (email: string, o: CallOptions = {}) =>
        client.post<AuthMessageResponse>('/auth/forgot-password', { email }, { auth: false, ...o }),
      /** POST /auth/reset-password {token, password} (token from the mailed #token= link). */
      resetPassword: (token: string, password: string, o: CallOptions = {}) =>
        client.post<AuthMessageResponse>(
          '/auth/reset-password',
          { token, password },
          { auth: false, ...o },
        ),
      /** GET /auth/referral-code -> {referral_code} */
      referralCode: (o: CallOptions = {}) =>
        client.get<ReferralCodeResponse>('/auth/referral-code', {
          schema: schemas.ReferralCodeResponse,
          ...o,
        }),
      /** GET /auth/referral-stats -> {completed_referrals} */
      referralStats: (o: CallOptions = {}) =>
        client.get<ReferralStatsResponse>('/auth/referral-stats', {
          schema: schemas.ReferralStatsResponse,
          ...o,
        }),
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
    notifications: {
      /** GET /notifications?page&limit -> {notifications, totalCount, hasMore} */
      list: (params: NotificationsPageParams = {}, o: CallOptions = {}) =>
        client.get<ListNotificationsResponse>('/notifications', {
          query: { page: params.page ?? 1, limit: params.limit ?? NOTIFICATIONS_PAGE_SIZE },
          schema: schemas.ListNotificationsResponse,
          ...o,
        }),
      /** GET /notifications/unread-count -> {unreadCount} */
      unreadCount: (o: CallOptions = {}) =>
        client.get<UnreadCountResponse>('/notifications/unread-count', {
          schema: schemas.UnreadCountResponse,
          ...o,
        }),
      /** PUT /notifications/:id/read */
      markRead: (id: string, o: CallOptions = {}) =>
        client.put<unknown>(`/notifications/${seg(id)}/read`, undefined, o),
      /** PUT /notifications/mark-all-read */
      markAllRead: (o: CallOptions = {}) =>
        client.put<unknown>('/notifications/mark-all-read', undefined, o),
    },
    messages: {
      /** GET /messages/unread-count -> {unreadCount} */
      unreadCount: (o: CallOptions = {}) =>
        client.get<UnreadCountResponse>('/messages/unread-count', {
          schema: schemas.UnreadCountResponse,
          ...o,
        }),
    },
  };
}

export type Api = ReturnType<typeof createApi>;

/** Spec §9: notifications are fetched 20 per page. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

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
    /** The signed-in user's referral code / stats (keyed by user id). */
    referralCode: (userId: string) => ['auth', 'referral-code', userId] as const,
    referralStats: (userId: string) => ['auth', 'referral-stats', userId] as const,
  },
  /**
   * Per-user data carries the user id in its key, so one user's cache never shows for another.
   * Invalidate by prefix (`notifications.all`, `messages.unreadCountAll`) from any remote.
   */
  notifications: {
    all: ['notifications'] as const,
    unreadCountAll: ['notifications', 'unread-count'] as const,
    unreadCount: (userId: string) => ['notifications', 'unread-count', userId] as const,
    listAll: ['notifications', 'list'] as const,
    list: (userId: string) => ['notifications', 'list', userId] as const,
  },
  messages: {
    all: ['messages'] as const,
    unreadCountAll: ['messages', 'unread-count'] as const,
    unreadCount: (userId: string) => ['messages', 'unread-count', userId] as const,
  },
};
