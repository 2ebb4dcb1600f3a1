import { createApi } from './api';
import { createApiClient } from './client';
import { defaultApiRef } from './react';
import { createTokenStore } from './tokenStore';

export { ApiError, isApiError, errorMessage } from './errors';
export type { ApiErrorCode } from './errors';
export { createTokenStore, TOKEN_KEY, REFRESH_TOKEN_KEY } from './tokenStore';
export type { TokenStore, Tokens } from './tokenStore';
export { createApiClient, buildUrl, DEFAULT_BASE_URL, DEFAULT_TIMEOUT_MS } from './client';
export type {
  ApiClient,
  ApiClientOptions,
  HttpMethod,
  QueryValue,
  RequestOptions,
  UnauthorizedHandler,
} from './client';
export { createApi, queryKeys } from './api';
export type { Api, CallOptions, ListPostsParams, PageParams } from './api';
export { SdkProvider, useApi } from './react';
export type {
  Post,
  PostSort,
  PostType,
  Community,
  User,
  Pagination,
  ListPostsResponse,
} from '@forum/contracts';

/**
 * The session's shared instances. @forum/sdk is a Module Federation singleton, so the shell and
 * every remote see the same token store, client and api.
 */
export const tokenStore = createTokenStore();
export const apiClient = createApiClient({ tokenStore });
export const api = createApi(apiClient);
defaultApiRef.current = api;
