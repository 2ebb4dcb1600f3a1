import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApi } from './api';
import { createApiClient } from './client';
import { ApiError } from './errors';
import {
  createSession,
  MIN_REFRESH_DELAY_MS,
  REFRESH_LEAD_MS,
  REFRESH_RETRY_DELAY_MS,
} from './session';
import type { LockManagerLike, Session } from './session';
import { createTokenStore, REFRESH_TOKEN_KEY, TOKEN_KEY } from './tokenStore';
import type { KeyValueStorage, TokenStore } from './tokenStore';

// Node environment: fake localStorage, fake storage-event source, fake fetch, fake timers.

const T0 = Date.UTC(2026, 0, 1, 12, 0, 0);
const USER_ID = '64b7f0c2a1b2c3d4e5f60718';

function b64url(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

let serial = 0;
/** An unsigned JWT with the claims identity issues (the client never verifies signatures). */
function jwt(expInMs: number, claims: Record<string, unknown> = {}): string {
  const payload = {
    jti: String(++serial),
    sub: USER_ID,
    username: 'alice',
    is_admin: false,
    exp: Math.floor((Date.now() + expInMs) / 1000),
    ...claims,
  };
  return `${b64url({ alg: 'ES256', typ: 'JWT' })}.${b64url(payload)}.sig`;
}

function fakeLocalStorage(): KeyValueStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

/** Stands in for `window` of this tab: another tab's localStorage writes arrive as events. */
function fakeWindow() {
  const listeners: Array<(e: { key: string | null }) => void> = [];
  return {
    addEventListener: (_type: 'storage', l: (e: { key: string | null }) => void) =>
      void listeners.push(l),
    dispatch: (key: string | null) => listeners.forEach((l) => l({ key })),
  };
}

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const profile = {
  id: USER_ID,
  username: 'alice',
  email: 'alice@example.test',
  avatar_url: null,
  created_at: '2026-01-01T00:00:00.000Z',
  total_score: 7,
};

interface Harness {
  session: Session;
  store: TokenStore;
  storage: ReturnType<typeof fakeLocalStorage>;
  win: ReturnType<typeof fakeWindow>;
  api: ReturnType<typeof createApi>;
  calls: Array<{ url: string; method: string; auth: string | undefined; body: unknown }>;
  redirect: ReturnType<typeof vi.fn>;
  /** Answers for POST /api/auth/refresh, consumed in order. */
  refreshAnswers: Array<Response | Error | ((init: RequestInit) => Promise<Response>)>;
  route: Record<string, Handler>;
}

function setup(opts: { locks?: LockManagerLike | null; token?: string | null } = {}): Harness {
  const storage = fakeLocalStorage();
  const win = fakeWindow();
  const store = createTokenStore(storage, win);
  if (opts.token !== null) {
    store.setTokens({ token: opts.token ?? jwt(15 * 60_000), refreshToken: 'r0' });
  }
  const calls: Harness['calls'] = [];
  const refreshAnswers: Harness['refreshAnswers'] = [];
  let n = 0;
  const route: Record<string, Handler> = {
    'GET /api/auth/me': () => json(200, { user: profile }),
    'POST /api/auth/logout': () => json(200, { message: 'Logged out' }),
    'POST /api/auth/refresh': async (_url, init) => {
      const next = refreshAnswers.shift();
      if (!next) throw new Error('unexpected refresh');
      if (next instanceof Error) throw next;
      if (typeof next === 'function') return next(init);
      return next;
    },
  };
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = init.method ?? 'GET';
    const headers = (init.headers ?? {}) as Record<string, string>;
    calls.push({
      url,
      method,
      auth: headers.Authorization,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    n++;
    const handler = route[`${method} ${url.split('?')[0]}`];
    if (!handler) throw new Error(`no route for ${method} ${url} (call ${n})`);
    return handler(url, init);
  }) as unknown as typeof globalThis.fetch;
  const client = createApiClient({ tokenStore: store, fetch });
  const api = createApi(client);
  const redirect = vi.fn();
  const session = createSession({
    api,
    tokenStore: store,
    redirectToLogin: redirect,
    locks: opts.locks === undefined ? null : opts.locks,
  });
  client.setUnauthorizedHandler(session.handleUnauthorized);
  return { session, store, storage, win, api, calls, redirect, refreshAnswers, route };
}

/** A protected route that accepts only `validToken` (401 for anything else). */
function protectedRoute(h: Harness, getValid: () => string) {
  h.route['GET /api/private'] = (_url, init) => {
    const auth = (init.headers as Record<string, string>).Authorization;
    return auth === `Bearer ${getValid()}`
      ? json(200, { ok: true })
      : json(401, { error: 'Token expired' });
  };
}

const refreshCalls = (h: Harness) => h.calls.filter((c) => c.url === '/api/auth/refresh');

beforeAll(async () => {
  // The typed calls load the contract schemas lazily; load them once before timers are faked.
  const { schemaAreas } = await import('./successSchemas');
  await Promise.all(Object.values(schemaAreas).map((load) => load()));
});

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('session: state', () => {
  it('starts signed in from a stored token and fills the profile from /auth/me', async () => {
    const h = setup({ token: jwt(15 * 60_000, { is_admin: true, username: 'admin' }) });
    h.session.start();
    expect(h.session.getState()).toEqual({
      status: 'signed-in',
      user: { id: USER_ID, username: 'admin', is_admin: true },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(h.session.getState().user).toMatchObject({
      id: USER_ID,
      email: 'alice@example.test',
      total_score: 7,
      is_admin: true,
    });
    h.session.stop();
  });

  it('starts signed out without tokens and never calls the server', async () => {
    const h = setup({ token: null });
    h.session.start();
    await vi.advanceTimersByTimeAsync(20 * 60_000);
    expect(h.session.getState()).toEqual({ status: 'signed-out', user: null });
    expect(h.calls).toHaveLength(0);
  });

  it('is loading while an expired token is refreshed, then signed in', async () => {
    const h = setup({ token: jwt(-1000) });
    const fresh = jwt(15 * 60_000);
    h.refreshAnswers.push(json(200, { token: fresh, refreshToken: 'r1' }));
    protectedRoute(h, () => fresh);
    h.route['GET /api/auth/me'] = (_u, init) =>
      (init.headers as Record<string, string>).Authorization === `Bearer ${fresh}`
        ? json(200, { user: profile })
        : json(401, { error: 'Token expired' });
    h.session.start();
    expect(h.session.getState().status).toBe('loading');
    await vi.advanceTimersByTimeAsync(0);
    expect(h.session.getState().status).toBe('signed-in');
    expect(h.session.getState().user?.email).toBe('alice@example.test');
    expect(h.store.getRefreshToken()).toBe('r1');
    h.session.stop();
  });

  it('notifies subscribers on sign-in and sign-out', async () => {
    const h = setup({ token: null });
    h.session.start();
    const seen: string[] = [];
    h.session.subscribe(() => seen.push(h.session.getState().status));
    h.route['POST /api/auth/login'] = () =>
      json(200, { user: profile, token: jwt(15 * 60_000, { is_admin: true }), refreshToken: 'r9' });
    const user = await h.session.login({ email: 'alice', password: 'pw', rememberMe: true });
    expect(user).toMatchObject({ username: 'alice', is_admin: true, total_score: 7 });
    expect(h.storage.map.get(REFRESH_TOKEN_KEY)).toBe('r9');
    expect(h.calls.find((c) => c.url === '/api/auth/login')?.body).toEqual({
      email: 'alice',
      password: 'pw',
      rememberMe: true,
    });
    // The sign-in answer carries the profile: no extra /auth/me.
    expect(h.calls.filter((c) => c.url === '/api/auth/me')).toHaveLength(0);
    await h.session.signOut();
    expect(seen[0]).toBe('signed-in');
    expect(seen.at(-1)).toBe('signed-out');
    h.session.stop();
  });

  it('register signs the user in', async () => {
    const h = setup({ token: null });
    h.session.start();
    h.route['POST /api/auth/register'] = () =>
      json(201, { user: profile, token: jwt(15 * 60_000), refreshToken: 'r5' });
    await h.session.register({
      username: 'alice',
      email: 'alice@example.test',
      password: 'Passw0rd!',
      referral_code: 'ABCD1234',
    });
    expect(h.session.getState().status).toBe('signed-in');
    expect(h.store.getRefreshToken()).toBe('r5');
    expect(h.calls[0]?.body).toMatchObject({ referral_code: 'ABCD1234' });
    expect(h.calls[0]?.auth).toBeUndefined();
    h.session.stop();
  });
});

describe('session: a 401 triggers one refresh and one retry', () => {
  it('refreshes, stores the rotated tokens and retries with the new access token', async () => {
    const h = setup();
    const fresh = jwt(15 * 60_000, { username: 'alice2' });
    h.refreshAnswers.push(json(200, { token: fresh, refreshToken: 'r1' }));
    protectedRoute(h, () => fresh);
    await expect(h.api.client.get('/private')).resolves.toEqual({ ok: true });
    expect(refreshCalls(h)).toHaveLength(1);
    expect(refreshCalls(h)[0]?.body).toEqual({ refreshToken: 'r0' });
    expect(refreshCalls(h)[0]?.auth).toBeUndefined();
    const privateCalls = h.calls.filter((c) => c.url === '/api/private');
    expect(privateCalls).toHaveLength(2);
    expect(privateCalls[1]?.auth).toBe(`Bearer ${fresh}`);
    expect(h.storage.map.get(TOKEN_KEY)).toBe(fresh);
    expect(h.storage.map.get(REFRESH_TOKEN_KEY)).toBe('r1');
    expect(h.redirect).not.toHaveBeenCalled();
  });

  it('retries only once: a second 401 after a good refresh fails with that 401', async () => {
    const h = setup();
    h.refreshAnswers.push(json(200, { token: jwt(15 * 60_000), refreshToken: 'r1' }));
    protectedRoute(h, () => 'never');
    const err = (await h.api.client.get('/private').catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(401);
    expect(refreshCalls(h)).toHaveLength(1);
    expect(h.calls.filter((c) => c.url === '/api/private')).toHaveLength(2);
  });

  it.each([401, 403])(
    'a refresh rejected with %i clears the tokens and goes to /login',
    async (status) => {
      const h = setup();
      h.session.start();
      await vi.advanceTimersByTimeAsync(0);
      h.refreshAnswers.push(json(status, { error: 'Invalid or expired refresh token' }));
      protectedRoute(h, () => 'never');
      const err = (await h.api.client.get('/private').catch((e: unknown) => e)) as ApiError;
      expect(err.status).toBe(401);
      expect(refreshCalls(h)).toHaveLength(1);
      expect(h.storage.map.has(TOKEN_KEY)).toBe(false);
      expect(h.storage.map.has(REFRESH_TOKEN_KEY)).toBe(false);
      expect(h.redirect).toHaveBeenCalledTimes(1);
      expect(h.session.getState()).toEqual({ status: 'signed-out', user: null });
      // No retry of the request after a failed refresh, and no 1 s retry of the refresh.
      await vi.advanceTimersByTimeAsync(5_000);
      expect(refreshCalls(h)).toHaveLength(1);
      expect(h.calls.filter((c) => c.url === '/api/private')).toHaveLength(1);
      h.session.stop();
    },
  );

  it('any other refresh failure waits 1 s, retries once and succeeds', async () => {
    const h = setup();
    const fresh = jwt(15 * 60_000);
    h.refreshAnswers.push(
      json(503, { error: 'Service unavailable' }),
      json(200, { token: fresh, refreshToken: 'r1' }),
    );
    protectedRoute(h, () => fresh);
    const p = h.api.client.get('/private');
    await vi.advanceTimersByTimeAsync(REFRESH_RETRY_DELAY_MS - 1);
    expect(refreshCalls(h)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(p).resolves.toEqual({ ok: true });
    expect(refreshCalls(h)).toHaveLength(2);
    expect(h.redirect).not.toHaveBeenCalled();
    expect(h.store.getRefreshToken()).toBe('r1');
  });

  it('a network error, then a failure again: clears the tokens and goes to /login', async () => {
    const h = setup();
    h.refreshAnswers.push(new TypeError('fetch failed'), json(502, { error: 'Bad gateway' }));
    protectedRoute(h, () => 'never');
    const p = h.api.client.get('/private').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REFRESH_RETRY_DELAY_MS);
    const err = (await p) as ApiError;
    expect(err.status).toBe(401);
    expect(refreshCalls(h)).toHaveLength(2);
    expect(h.store.getToken()).toBeNull();
    expect(h.store.getRefreshToken()).toBeNull();
    expect(h.redirect).toHaveBeenCalledTimes(1);
  });

  it('a timed-out refresh counts as "any other failure" (1 s wait, one retry)', async () => {
    const h = setup();
    const fresh = jwt(15 * 60_000);
    h.refreshAnswers.push(
      // Never answers: the 10 s timeout aborts it.
      (init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
        }),
      json(200, { token: fresh, refreshToken: 'r1' }),
    );
    protectedRoute(h, () => fresh);
    const p = h.api.client.get('/private');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(refreshCalls(h)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(REFRESH_RETRY_DELAY_MS);
    await expect(p).resolves.toEqual({ ok: true });
    expect(refreshCalls(h)).toHaveLength(2);
  });

  it('a 429 on refresh is another failure too: retried after 1 s', async () => {
    const h = setup();
    h.refreshAnswers.push(
      json(429, { error: 'Too many attempts. Please try again later.' }),
      json(429, { error: 'Too many attempts. Please try again later.' }),
    );
    protectedRoute(h, () => 'never');
    const p = h.api.client.get('/private').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REFRESH_RETRY_DELAY_MS);
    await p;
    expect(refreshCalls(h)).toHaveLength(2);
    expect(h.redirect).toHaveBeenCalledTimes(1);
    expect(h.store.getToken()).toBeNull();
  });

  it('concurrent 401s share one refresh', async () => {
    const h = setup();
    const fresh = jwt(15 * 60_000);
    let release!: () => void;
    h.refreshAnswers.push(
      () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(json(200, { token: fresh, refreshToken: 'r1' }));
        }),
    );
    protectedRoute(h, () => fresh);
    const all = Promise.all([1, 2, 3, 4].map(() => h.api.client.get('/private')));
    await vi.advanceTimersByTimeAsync(0);
    release();
    await expect(all).resolves.toHaveLength(4);
    expect(refreshCalls(h)).toHaveLength(1);
    expect(h.calls.filter((c) => c.url === '/api/private')).toHaveLength(8);
  });

  it('a 401 for a token that was already replaced retries without refreshing', async () => {
    const h = setup();
    const fresh = jwt(15 * 60_000, { username: 'fresh' });
    protectedRoute(h, () => fresh);
    h.route['GET /api/private'] = (_u, init) => {
      const auth = (init.headers as Record<string, string>).Authorization;
      if (auth === `Bearer ${fresh}`) return json(200, { ok: true });
      // The refresh finished elsewhere while this request was on its way.
      h.store.setTokens({ token: fresh, refreshToken: 'r1' });
      return json(401, { error: 'Token expired' });
    };
    await expect(h.api.client.get('/private')).resolves.toEqual({ ok: true });
    expect(refreshCalls(h)).toHaveLength(0);
  });

  it('a stored access token without a refresh token: signed out and sent to /login', async () => {
    const h = setup();
    h.storage.removeItem(REFRESH_TOKEN_KEY);
    protectedRoute(h, () => 'never');
    const err = (await h.api.client.get('/private').catch((e: unknown) => e)) as ApiError;
    expect(err.status).toBe(401);
    expect(refreshCalls(h)).toHaveLength(0);
    expect(h.redirect).toHaveBeenCalledTimes(1);
    expect(h.store.getToken()).toBeNull();
  });
});

describe('session: proactive refresh', () => {
  it('refreshes 5 minutes before expiry and schedules the next one from the new token', async () => {
    const h = setup({ token: jwt(15 * 60_000) });
    const next = jwt(30 * 60_000);
    h.refreshAnswers.push(json(200, { token: next, refreshToken: 'r1' }));
    h.session.start();
    await vi.advanceTimersByTimeAsync(15 * 60_000 - REFRESH_LEAD_MS - 1);
    expect(refreshCalls(h)).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshCalls(h)).toHaveLength(1);
    expect(h.store.getToken()).toBe(next);
    // The next token expires 30 min after T0 (20 min from now): refresh again 15 min from now.
    h.refreshAnswers.push(json(200, { token: jwt(15 * 60_000), refreshToken: 'r2' }));
    await vi.advanceTimersByTimeAsync(15 * 60_000 - 1);
    expect(refreshCalls(h)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshCalls(h)).toHaveLength(2);
    expect(refreshCalls(h)[1]?.body).toEqual({ refreshToken: 'r1' });
    h.session.stop();
  });

  it('waits at least 60 s even when the token expires sooner', async () => {
    const h = setup({ token: jwt(2 * 60_000) });
    h.refreshAnswers.push(json(200, { token: jwt(15 * 60_000), refreshToken: 'r1' }));
    h.session.start();
    await vi.advanceTimersByTimeAsync(MIN_REFRESH_DELAY_MS - 1);
    expect(refreshCalls(h)).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshCalls(h)).toHaveLength(1);
    h.session.stop();
  });

  it('a proactive refresh rejected with 401 signs out and goes to /login', async () => {
    const h = setup({ token: jwt(15 * 60_000) });
    h.refreshAnswers.push(json(401, { error: 'Invalid or expired refresh token' }));
    h.session.start();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(h.redirect).toHaveBeenCalledTimes(1);
    expect(h.session.getState().status).toBe('signed-out');
    h.session.stop();
  });

  it('a proactive refresh that fails otherwise retries after 1 s', async () => {
    const h = setup({ token: jwt(15 * 60_000) });
    h.refreshAnswers.push(
      new TypeError('offline'),
      json(200, { token: jwt(15 * 60_000), refreshToken: 'r1' }),
    );
    h.session.start();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(refreshCalls(h)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(REFRESH_RETRY_DELAY_MS);
    expect(refreshCalls(h)).toHaveLength(2);
    expect(h.redirect).not.toHaveBeenCalled();
    expect(h.store.getRefreshToken()).toBe('r1');
    h.session.stop();
  });

  it('sign-out cancels the scheduled refresh', async () => {
    const h = setup({ token: jwt(15 * 60_000) });
    h.session.start();
    await h.session.signOut();
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(refreshCalls(h)).toHaveLength(0);
    h.session.stop();
  });
});

describe('session: sign-out and other tabs', () => {
  it('signOut clears the tokens and revokes the refresh token family', async () => {
    const h = setup();
    h.session.start();
    await h.session.signOut();
    expect(h.store.getToken()).toBeNull();
    const logout = h.calls.find((c) => c.url === '/api/auth/logout');
    expect(logout?.method).toBe('POST');
    expect(logout?.body).toEqual({ refreshToken: 'r0' });
    expect(h.session.getState()).toEqual({ status: 'signed-out', user: null });
    h.session.stop();
  });

  it('signOut still signs out when the logout call fails', async () => {
    const h = setup();
    h.route['POST /api/auth/logout'] = () => json(503, { error: 'down' });
    h.session.start();
    await h.session.signOut();
    expect(h.session.getState().status).toBe('signed-out');
    h.session.stop();
  });

  it('follows a sign-out in another tab (storage event) without redirecting', async () => {
    const h = setup();
    h.session.start();
    expect(h.session.getState().status).toBe('signed-in');
    // The other tab removed the keys from the shared localStorage.
    h.storage.removeItem(TOKEN_KEY);
    h.storage.removeItem(REFRESH_TOKEN_KEY);
    h.win.dispatch(TOKEN_KEY);
    expect(h.session.getState()).toEqual({ status: 'signed-out', user: null });
    expect(h.redirect).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(refreshCalls(h)).toHaveLength(0);
    h.session.stop();
  });

  it('follows a sign-in in another tab', async () => {
    const h = setup({ token: null });
    h.session.start();
    h.storage.setItem(TOKEN_KEY, jwt(15 * 60_000));
    h.storage.setItem(REFRESH_TOKEN_KEY, 'rX');
    h.win.dispatch(REFRESH_TOKEN_KEY);
    expect(h.session.getState().status).toBe('signed-in');
    await vi.advanceTimersByTimeAsync(0);
    expect(h.session.getState().user?.email).toBe('alice@example.test');
    h.session.stop();
  });

  it('follows a refresh in another tab: reschedules from the new token, no refresh of its own', async () => {
    const h = setup({ token: jwt(15 * 60_000) });
    h.session.start();
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    h.storage.setItem(TOKEN_KEY, jwt(15 * 60_000));
    h.storage.setItem(REFRESH_TOKEN_KEY, 'r1');
    h.win.dispatch(TOKEN_KEY);
    // The original schedule (10 min after T0) is gone.
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(refreshCalls(h)).toHaveLength(0);
    h.refreshAnswers.push(json(200, { token: jwt(15 * 60_000), refreshToken: 'r2' }));
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(refreshCalls(h)).toHaveLength(1);
    expect(refreshCalls(h)[0]?.body).toEqual({ refreshToken: 'r1' });
    h.session.stop();
  });

  it('adopts tokens another tab rotated while this one waited for the lock', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const locks: LockManagerLike = {
      request: async (_name, cb) => {
        await gate;
        return cb();
      },
    };
    const h = setup({ locks });
    const fresh = jwt(15 * 60_000);
    protectedRoute(h, () => fresh);
    const p = h.api.client.get('/private');
    await vi.advanceTimersByTimeAsync(0);
    // The other tab holds the lock and rotates the refresh token.
    h.storage.setItem(TOKEN_KEY, fresh);
    h.storage.setItem(REFRESH_TOKEN_KEY, 'r-other');
    release();
    await expect(p).resolves.toEqual({ ok: true });
    // Replaying r0 would revoke the whole family: it must not be sent.
    expect(refreshCalls(h)).toHaveLength(0);
  });

  it('refreshes inside the cross-tab lock', async () => {
    const names: string[] = [];
    const locks: LockManagerLike = {
      request: (name, cb) => {
        names.push(name);
        return cb();
      },
    };
    const h = setup({ locks });
    const fresh = jwt(15 * 60_000);
    h.refreshAnswers.push(json(200, { token: fresh, refreshToken: 'r1' }));
    protectedRoute(h, () => fresh);
    await h.api.client.get('/private');
    expect(names).toEqual(['forum-token-refresh']);
  });
});
