import type { ApiRequest } from '@forum/contracts';
import { createCall, type CallOptions } from './call';
import type { ApiClient } from './client';

/** The JSON bodies of sign-in and sign-up (the contracts' input types; no FormData here). */
export type LoginBody = Exclude<ApiRequest<'POST /api/auth/login'>['body'], FormData>;
export type RegisterBody = Exclude<ApiRequest<'POST /api/auth/register'>['body'], FormData>;

const noAuth = (o: CallOptions = {}): CallOptions => ({ ...o, auth: false });

/**
 * The API of one ApiClient: `call` reaches every route a browser calls, typed by its route key.
 * `auth` names the session flows, which never send a token nor trigger a refresh.
 */
export function createApi(client: ApiClient) {
  const call = createCall(client);
  return {
    client,
    call,
    /** Starts a GET whose answer the first matching `call` takes (see call.ts). */
    preload: call.preload,
    auth: {
      /** Use session.login to also sign in. */
      login: (body: LoginBody, o?: CallOptions) =>
        call('POST /api/auth/login', { body }, noAuth(o)),
      register: (body: RegisterBody, o?: CallOptions) =>
        call('POST /api/auth/register', { body }, noAuth(o)),
      /** session.ts drives it. */
      refresh: (refreshToken: string, o?: CallOptions) =>
        call('POST /api/auth/refresh', { body: { refreshToken } }, noAuth(o)),
      /** Revokes the session's token family. */
      logout: (refreshToken: string | null, o?: CallOptions) =>
        call('POST /api/auth/logout', { body: refreshToken ? { refreshToken } : {} }, noAuth(o)),
      /** Same answer whether or not the account exists. */
      forgotPassword: (email: string, o?: CallOptions) =>
        call('POST /api/auth/forgot-password', { body: { email } }, noAuth(o)),
      /** `token` comes from the mailed #token= link. */
      resetPassword: (token: string, password: string, o?: CallOptions) =>
        call('POST /api/auth/reset-password', { body: { token, password } }, noAuth(o)),
    },
  };
}

export type Api = ReturnType<typeof createApi>;

/** Spec §9: notifications are fetched 20 per page. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
