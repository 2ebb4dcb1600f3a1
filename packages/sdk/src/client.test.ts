import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './client';
import { ApiError, errorMessage } from './errors';
import { createTokenStore } from './tokenStore';
import type { TokenStore } from './tokenStore';
import { z } from 'zod';

type Call = { url: string; init: RequestInit };

function memoryStore(): TokenStore {
  const map = new Map<string, string>();
  return createTokenStore({
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  });
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function fakeFetch(...responses: Array<Response | ((call: Call) => Response | Promise<Response>)>) {
  const calls: Call[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = { url: String(input), init: init ?? {} };
    calls.push(call);
    const next = responses.shift();
    if (!next) throw new Error('unexpected fetch');
    return typeof next === 'function' ? next(call) : next;
  });
  return { fetch: fn as unknown as typeof fetch, calls };
}

const headersOf = (call: Call | undefined) => (call?.init.headers ?? {}) as Record<string, string>;

describe('createApiClient', () => {
  it('prefixes /api, encodes the query and skips empty values', async () => {
    const { fetch, calls } = fakeFetch(json(200, { ok: true }));
    const client = createApiClient({ tokenStore: memoryStore(), fetch });
    await client.get('/posts', {
      query: { sort: 'new', limit: 20, offset: 0, community_id: undefined },
    });
    expect(calls[0]?.url).toBe('/api/posts?sort=new&limit=20&offset=0');
    expect(calls[0]?.init.method).toBe('GET');
  });

  it('sends JSON bodies and the bearer token from the store', async () => {
    const store = memoryStore();
    store.setTokens({ token: 'abc', refreshToken: 'r1' });
    const { fetch, calls } = fakeFetch(json(201, { id: 1 }));
    const client = createApiClient({ tokenStore: store, fetch });
    const res = await client.post('/communities', { name: 'cats' });
    expect(res).toEqual({ id: 1 });
    expect(headersOf(calls[0]).Authorization).toBe('Bearer abc');
    expect(headersOf(calls[0])['Content-Type']).toBe('application/json');
    expect(calls[0]?.init.body).toBe('{"name":"cats"}');
  });

  it('sends no Authorization header without a token', async () => {
    const { fetch, calls } = fakeFetch(json(200, {}));
    await createApiClient({ tokenStore: memoryStore(), fetch }).get('/posts');
    expect(headersOf(calls[0]).Authorization).toBeUndefined();
  });

  it('turns error bodies into ApiError with status, error and details', async () => {
    const { fetch } = fakeFetch(
      json(400, { error: 'Validation failed', details: ['name is too short', 'rules missing'] }),
    );
    const client = createApiClient({ tokenStore: memoryStore(), fetch });
    const err = await client.post('/communities', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    const apiErr = err as ApiError;
    expect(apiErr.status).toBe(400);
    expect(apiErr.code).toBe('HTTP');
    expect(apiErr.message).toBe('Validation failed');
    expect(apiErr.error).toBe('Validation failed');
    expect(apiErr.details).toEqual(['name is too short', 'rules missing']);
    expect(errorMessage(apiErr, 'fallback')).toBe('Validation failed');
  });

  it('falls back to a generic text when the error body is not JSON', async () => {
    const { fetch } = fakeFetch(new Response('<html>bad gateway</html>', { status: 502 }));
    const err = (await createApiClient({ tokenStore: memoryStore(), fetch })
      .get('/posts')
      .catch((e: unknown) => e)) as ApiError;
    expect(err.status).toBe(502);
    expect(err.message).toBe('Request failed with status 502');
    // Spec §8: without a server error field the screen's fallback text is shown.
    expect(errorMessage(err, 'Failed to load posts')).toBe('Failed to load posts');
  });

  it('times out with a clear ApiError', async () => {
    const { fetch } = fakeFetch(
      (call) =>
        new Promise<Response>((_, reject) => {
          call.init.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
        }),
    );
    const client = createApiClient({ tokenStore: memoryStore(), fetch, timeoutMs: 30 });
    const err = (await client.get('/slow').catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.code).toBe('TIMEOUT');
    expect(err.status).toBe(0);
    expect(err.message).toMatch(/did not answer within/);
    expect(errorMessage(err, 'Failed to load posts')).toBe('Failed to load posts');
  });

  it('uses a 10 s timeout by default', async () => {
    vi.useFakeTimers();
    try {
      const { fetch } = fakeFetch(
        (call) =>
          new Promise<Response>((_, reject) => {
            call.init.signal?.addEventListener('abort', () =>
              reject(new DOMException('aborted', 'AbortError')),
            );
          }),
      );
      const p = createApiClient({ tokenStore: memoryStore(), fetch })
        .get('/slow')
        .catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(9_999);
      let settled = false;
      void p.then(() => (settled = true));
      await Promise.resolve();
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(2);
      expect(((await p) as ApiError).code).toBe('TIMEOUT');
    } finally {
      vi.useRealTimers();
    }
  });

  it('rethrows the caller abort (React Query cancellation) unchanged', async () => {
    const { fetch } = fakeFetch(
      (call) =>
        new Promise<Response>((_, reject) => {
          call.init.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
        }),
    );
    const controller = new AbortController();
    const p = createApiClient({ tokenStore: memoryStore(), fetch })
      .get('/x', { signal: controller.signal })
      .catch((e: unknown) => e);
    controller.abort();
    const err = (await p) as Error;
    expect(err).not.toBeInstanceOf(ApiError);
    expect(err.name).toBe('AbortError');
  });

  it('reports network failures as NETWORK errors', async () => {
    const { fetch } = fakeFetch(() => Promise.reject(new TypeError('fetch failed')));
    const err = (await createApiClient({ tokenStore: memoryStore(), fetch })
      .get('/x')
      .catch((e: unknown) => e)) as ApiError;
    expect(err.code).toBe('NETWORK');
    expect(err.status).toBe(0);
  });

  it('parses with the given schema and rejects bodies that do not match', async () => {
    const schema = z.object({ n: z.number() });
    const { fetch } = fakeFetch(json(200, { n: 1, extra: true }), json(200, { n: 'x' }));
    const client = createApiClient({ tokenStore: memoryStore(), fetch });
    await expect(client.get('/a', { schema })).resolves.toEqual({ n: 1 });
    const err = (await client.get('/a', { schema }).catch((e: unknown) => e)) as ApiError;
    expect(err.code).toBe('INVALID_RESPONSE');
    expect(err.details?.[0]).toMatch(/^n:/);
  });

  it('returns undefined for 204', async () => {
    const { fetch } = fakeFetch(new Response(null, { status: 204 }));
    await expect(
      createApiClient({ tokenStore: memoryStore(), fetch }).delete('/posts/1'),
    ).resolves.toBeUndefined();
  });

  it('gives the unauthorized seam one chance to refresh, then retries once', async () => {
    const store = memoryStore();
    store.setTokens({ token: 'old', refreshToken: 'r' });
    const { fetch, calls } = fakeFetch(json(401, { error: 'Token expired' }), json(200, { ok: 1 }));
    const onUnauthorized = vi.fn(async () => {
      store.setTokens({ token: 'new', refreshToken: 'r2' });
      return true;
    });
    const client = createApiClient({ tokenStore: store, fetch, onUnauthorized });
    await expect(client.get('/auth/me')).resolves.toEqual({ ok: 1 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(headersOf(calls[1]).Authorization).toBe('Bearer new');
  });

  it('fails with the 401 when there is no seam or it declines', async () => {
    const store = memoryStore();
    store.setTokens({ token: 't', refreshToken: 'r' });
    const { fetch } = fakeFetch(json(401, { error: 'Invalid token' }), json(401, { error: 'no' }));
    const client = createApiClient({ tokenStore: store, fetch });
    const err = (await client.get('/auth/me').catch((e: unknown) => e)) as ApiError;
    expect(err.status).toBe(401);
    client.setUnauthorizedHandler(async () => false);
    const err2 = (await client.get('/auth/me').catch((e: unknown) => e)) as ApiError;
    expect(err2.message).toBe('no');
  });
});

describe('createTokenStore', () => {
  it('stores token and refreshToken under the spec keys and notifies', () => {
    const map = new Map<string, string>();
    const store = createTokenStore({
      getItem: (k) => map.get(k) ?? null,
      setItem: (k, v) => void map.set(k, v),
      removeItem: (k) => void map.delete(k),
    });
    const listener = vi.fn();
    const off = store.subscribe(listener);
    store.setTokens({ token: 'a', refreshToken: 'b' });
    expect(map.get('token')).toBe('a');
    expect(map.get('refreshToken')).toBe('b');
    expect(store.getToken()).toBe('a');
    store.clear();
    expect(store.getRefreshToken()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
    off();
    store.setTokens({ token: 'c', refreshToken: 'd' });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('works without localStorage (memory fallback)', () => {
    const store = createTokenStore();
    store.setTokens({ token: 'x', refreshToken: 'y' });
    expect(store.getToken()).toBe('x');
  });
});
