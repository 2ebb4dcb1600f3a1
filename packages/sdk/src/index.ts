import { createApi } from './api';
import { createApiClient } from './client';
import { defaultApiRef, defaultSessionRef } from './react';
import { createSession } from './session';
import { createTokenStore } from './tokenStore';

export { ApiError, isApiError, errorMessage } from './errors';
export type { ApiErrorCode } from './errors';
export { createTokenStore, TOKEN_KEY, REFRESH_TOKEN_KEY } from './tokenStore';
export type { TokenStore, Tokens, KeyValueStorage, StorageEventSource } from './tokenStore';
export { createApiClient, buildUrl, DEFAULT_BASE_URL, DEFAULT_TIMEOUT_MS } from './client';
export type {
  ApiClient,
  ApiClientOptions,
  HttpMethod,
  RequestOptions,
  UnauthorizedHandler,
} from './client';
export { createApi, NOTIFICATIONS_PAGE_SIZE } from './api';
export { PRELOAD_TTL_MS } from './call';
export type { Api, LoginBody, RegisterBody } from './api';
export type {
  ApiCall,
  ApiPreload,
  BrowserRouteKey,
  CallArgs,
  CallOptions,
  CallQuery,
  CallRequest,
} from './call';
export { queryKeys } from './queryKeys';
export {
  createSession,
  REFRESH_RETRY_DELAY_MS,
  REFRESH_LEAD_MS,
  MIN_REFRESH_DELAY_MS,
  REFRESH_LOCK_NAME,
} from './session';
export type {
  Session,
  SessionOptions,
  SessionPayload,
  SessionState,
  SessionStatus,
  SessionUser,
  LockManagerLike,
} from './session';
export { decodeAccessToken } from './jwt';
export type { AccessClaims } from './jwt';
export { SdkProvider, useApi, useSession } from './react';
export { UNREAD_POLL_MS, useUnreadMessagesCount, useUnreadNotificationsCount } from './queries';
export { useBlocks, useIsBlocked, useSetBlocked } from './blocks';
export { useLiveEvent, useLivePost, useLiveStatus } from './live/hooks';
export type { LiveEventData, LiveEventName, LiveStatus } from './live/types';
export type {
  Post,
  PostSort,
  PostType,
  Community,
  User,
  Pagination,
  ListPostsResponse,
  Notification,
  NotificationType,
} from '@forum/contracts';

/**
 * The session's shared instances. @forum/sdk is a Module Federation singleton, so the shell and
 * every remote see the same token store, client, api and session.
 */
export const tokenStore = createTokenStore();
export const apiClient = createApiClient({ tokenStore });
export const api = createApi(apiClient);
export const session = createSession({ api, tokenStore });
apiClient.setUnauthorizedHandler(session.handleUnauthorized);
defaultApiRef.current = api;
defaultSessionRef.current = session;
// In a browser the session follows the tokens at once (timers, other tabs, the profile).
if (typeof window !== 'undefined' && typeof document !== 'undefined') session.start();
