import type { Api, LoginBody, RegisterBody } from './api';
import type { UnauthorizedHandler } from './client';
import { ApiError } from './errors';
import { decodeAccessToken } from './jwt';
import type { TokenStore, Tokens } from './tokenStore';

/** Spec §4 and §9: the token lifecycle's constants. */
export const REFRESH_RETRY_DELAY_MS = 1_000;
export const REFRESH_LEAD_MS = 5 * 60_000;
export const MIN_REFRESH_DELAY_MS = 60_000;
/** Name of the Web Lock that serialises refreshes across the tabs of one browser. */
export const REFRESH_LOCK_NAME = 'forum-token-refresh';

export type SessionStatus = 'signed-out' | 'loading' | 'signed-in';

/**
 * The signed-in user. id, username and is_admin come from the access token at once; the rest
 * (email, avatar_url, created_at, total_score) once GET /auth/me or a sign-in answered.
 */
export interface SessionUser {
  id: string;
  username: string;
  is_admin: boolean;
  email?: string | undefined;
  avatar_url?: string | null | undefined;
  created_at?: string | undefined;
  total_score?: number | undefined;
}

export interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
}

/** What the server returns on sign-in and registration. */
export interface SessionPayload extends Tokens {
  user: {
    id: string;
    username: string;
    email?: string | undefined;
    avatar_url: string | null;
    created_at: string;
    total_score: number;
  };
}

/** The part of the Web Locks API the session uses (navigator.locks). */
export interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

export interface SessionOptions {
  api: Api;
  tokenStore: TokenStore;
  /** Where the user goes when the session cannot be refreshed (default: location.assign). */
  redirectToLogin?: () => void;
  now?: () => number;
  /** Cross-tab lock (default navigator.locks when the browser has it). */
  locks?: LockManagerLike | null;
}

export interface Session {
  getState(): SessionState;
  subscribe(listener: () => void): () => void;
  /** Reads the stored tokens, schedules the proactive refresh, loads /auth/me, follows other tabs. */
  start(): void;
  stop(): void;
  /** Stores the tokens of a sign-in or registration answer and signs the user in. */
  signIn(payload: SessionPayload): void;
  login(body: LoginBody): Promise<SessionUser>;
  register(body: RegisterBody): Promise<SessionUser>;
  /** Clears the tokens at once (every tab follows) and revokes the refresh token family. */
  signOut(): Promise<void>;
  /** One refresh at a time: concurrent callers share it. Resolves true when new tokens are stored. */
  refresh(): Promise<boolean>;
  /** The ApiClient's 401 seam: refresh once, then the request is retried once. */
  handleUnauthorized: UnauthorizedHandler;
  /** The shell replaces the default redirect with a router navigation. */
  setRedirectToLogin(fn: () => void): void;
}

const SIGNED_OUT: SessionState = { status: 'signed-out', user: null };

function defaultLocks(): LockManagerLike | null {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  const locks = (nav as { locks?: { request?: unknown } } | undefined)?.locks;
  if (!locks || typeof locks.request !== 'function') return null;
  return {
    request: <T>(name: string, callback: () => Promise<T>) =>
      (locks as unknown as LockManagerLike).request(name, callback),
  };
}

function defaultRedirect(): void {
  if (typeof window === 'undefined') return;
  if (window.location.pathname !== '/login') window.location.assign('/login');
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function userFromToken(token: string | null): SessionUser | null {
  const claims = decodeAccessToken(token);
  if (!claims) return null;
  return { id: claims.sub, username: claims.username, is_admin: claims.is_admin };
}

function isExpired(token: string | null, now: number): boolean {
  const exp = decodeAccessToken(token)?.exp;
  return exp !== undefined && exp * 1000 <= now;
}

/**
 * The session: token lifecycle (spec §4) and who is signed in. A 401 triggers one refresh and one
 * retry; a refresh rejected with 401 or 403 clears the tokens and goes to /login; any other
 * failure waits 1 s, tries once more, then clears and redirects. A proactive refresh runs 5 minutes
 * before the access token expires (never sooner than 60 s from scheduling). Tabs follow each other
 * through the storage event; refreshes are serialised across tabs with a Web Lock, and a tab that
 * finds the refresh token already rotated by another tab adopts the new tokens instead of
 * replaying the old one (which would revoke the whole family).
 */
export function createSession(options: SessionOptions): Session {
  const { api, tokenStore } = options;
  const now = options.now ?? (() => Date.now());
  const locks = options.locks === undefined ? defaultLocks() : options.locks;
  let redirectToLogin = options.redirectToLogin ?? defaultRedirect;

  let state: SessionState = SIGNED_OUT;
  const listeners = new Set<() => void>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inflight: Promise<boolean> | null = null;
  let unsubscribeStore: (() => void) | null = null;
  let started = false;
  /** Access token whose /auth/me answer is awaited (avoids duplicate loads). */
  let profileFor: string | null = null;

  const setState = (next: SessionState) => {
    if (next.status === state.status && next.user === state.user) return;
    state = next;
    listeners.forEach((l) => l());
  };

  function clearTimer() {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  }

  function schedule() {
    clearTimer();
    if (!started) return;
    const exp = decodeAccessToken(tokenStore.getToken())?.exp;
    if (exp === undefined) return;
    const delay = Math.max(exp * 1000 - now() - REFRESH_LEAD_MS, MIN_REFRESH_DELAY_MS);
    timer = setTimeout(() => {
      timer = undefined;
      void refresh();
    }, delay);
  }

  function loadProfile(token: string) {
    if (profileFor === token) return;
    profileFor = token;
    api
      .call('GET /api/auth/me')
      .then(({ user }) => {
        const current = state.user;
        if (!current || current.id !== user.id) return;
        setState({ status: 'signed-in', user: { ...current, ...user } });
      })
      .catch(() => {
        // A 401 went through refresh (and signs out if that failed); other failures keep the
        // identity from the token.
        if (state.status === 'loading' && tokenStore.getToken()) {
          setState({ status: 'signed-in', user: state.user });
        }
      })
      .finally(() => {
        if (profileFor === token) profileFor = null;
      });
  }

  /** Brings the state in line with the stored tokens (after any change, here or in another tab). */
  function sync() {
    const token = tokenStore.getToken();
    const fromToken = userFromToken(token);
    if (!token || !fromToken) {
      clearTimer();
      setState(SIGNED_OUT);
      return;
    }
    const current = state.user;
    if (current && current.id === fromToken.id) {
      // Same user, new tokens (a refresh here or in another tab): keep the loaded profile.
      const status = isExpired(token, now()) ? 'loading' : 'signed-in';
      const changed =
        fromToken.username !== current.username || fromToken.is_admin !== current.is_admin;
      setState({ status, user: changed ? { ...current, ...fromToken } : current });
    } else {
      const expired = isExpired(token, now());
      setState({ status: expired ? 'loading' : 'signed-in', user: fromToken });
      if (started) loadProfile(token);
    }
    schedule();
  }

  /** The session is over: tokens cleared (every tab follows), user sent to /login. */
  function expire() {
    tokenStore.clear();
    sync();
    redirectToLogin();
  }

  const withLock = <T>(fn: () => Promise<T>): Promise<T> =>
    locks ? locks.request(REFRESH_LOCK_NAME, fn) : fn();

  async function doRefresh(): Promise<boolean> {
    const seen = tokenStore.getRefreshToken();
    return withLock(async () => {
      for (let attempt = 0; attempt < 2; attempt++) {
        const current = tokenStore.getRefreshToken();
        if (!current) {
          expire();
          return false;
        }
        // Another tab rotated the tokens while this one waited: use them, do not replay.
        if (current !== seen) return true;
        try {
          const tokens = await api.auth.refresh(current);
          tokenStore.setTokens({ token: tokens.token, refreshToken: tokens.refreshToken });
          sync();
          return true;
        } catch (err) {
          if (err instanceof ApiError && (err.status === 401 || err.status === 403)) {
            expire();
            return false;
          }
          if (attempt === 0) await sleep(REFRESH_RETRY_DELAY_MS);
        }
      }
      expire();
      return false;
    });
  }

  function refresh(): Promise<boolean> {
    if (!inflight) {
      const p = doRefresh()
        .catch(() => {
          expire();
          return false;
        })
        .finally(() => {
          if (inflight === p) inflight = null;
        });
      inflight = p;
    }
    return inflight;
  }

  const handleUnauthorized: UnauthorizedHandler = async (_error, { token }) => {
    const current = tokenStore.getToken();
    // Signed out meanwhile: nothing to retry with.
    if (!current) return false;
    // The tokens changed since the request was sent (a refresh finished): just retry.
    if (current !== token) return true;
    return refresh();
  };

  function signIn(payload: SessionPayload) {
    const { user, token, refreshToken } = payload;
    const claims = userFromToken(token);
    const merged: SessionUser = {
      id: user.id,
      username: user.username,
      is_admin: claims?.is_admin ?? false,
      email: user.email,
      avatar_url: user.avatar_url,
      created_at: user.created_at,
      total_score: user.total_score,
    };
    // Set the full user first so sync() keeps it instead of loading /auth/me again.
    state = { status: 'signed-in', user: merged };
    tokenStore.setTokens({ token, refreshToken });
    listeners.forEach((l) => l());
    sync();
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      if (started) return;
      started = true;
      unsubscribeStore = tokenStore.subscribe(sync);
      sync();
      const token = tokenStore.getToken();
      if (token && state.user) loadProfile(token);
    },
    stop() {
      started = false;
      clearTimer();
      unsubscribeStore?.();
      unsubscribeStore = null;
    },
    signIn,
    async login(body) {
      const res = await api.auth.login(body);
      signIn(res);
      return state.user!;
    },
    async register(body) {
      const res = await api.auth.register(body);
      signIn(res);
      return state.user!;
    },
    async signOut() {
      const refreshToken = tokenStore.getRefreshToken();
      tokenStore.clear();
      sync();
      if (!refreshToken) return;
      try {
        await api.auth.logout(refreshToken);
      } catch {
        // The tokens are gone from this browser either way; the family expires on its own.
      }
    },
    refresh,
    handleUnauthorized,
    setRedirectToLogin(fn) {
      redirectToLogin = fn;
    },
  };
}
