import { describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { createApi } from './api';
import { createCall, PRELOAD_TTL_MS } from './call';
import { createApiClient } from './client';
import { ApiError } from './errors';
import { queryKeys } from './queryKeys';
import { createTokenStore } from './tokenStore';
import { post } from './test-post';

// Counts evaluations of @forum/contracts: the SDK may load it only with a call's answer.
const contracts = vi.hoisted(() => ({ loads: 0 }));
vi.mock('@forum/contracts', async (importOriginal) => {
  contracts.loads++;
  return importOriginal();
});

const postsPage = { posts: [post], pagination: { hasMore: false, total: 1 } };

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  aborted: boolean | undefined;
}

function clientAnswering(body: unknown, status = 200) {
  const sent: Sent[] = [];
  const tokenStore = createTokenStore();
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    sent.push({
      url: String(input),
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string>) },
      body: init.body,
      aborted: init.signal?.aborted,
    });
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return { client: createApiClient({ tokenStore, fetch }), sent, fetch, tokenStore };
}

function apiAnswering(body: unknown, status = 200) {
  const { client, ...rest } = clientAnswering(body, status);
  return { api: createApi(client), ...rest };
}

describe('api.call', () => {
  it('loads @forum/contracts with the first call, not with the SDK', async () => {
    // A fresh module graph: another test (or, without isolation, another file) may have loaded
    // contracts already.
    vi.resetModules();
    const loadsBefore = contracts.loads;
    await import('./index');
    const [{ createApi: freshApi }, { createApiClient: freshClient }, { createTokenStore: store }] =
      await Promise.all([import('./api'), import('./client'), import('./tokenStore')]);
    const answering = (body: unknown) =>
      freshApi(
        freshClient({
          tokenStore: store(),
          fetch: async () =>
            new Response(JSON.stringify(body), {
              headers: { 'content-type': 'application/json' },
            }),
        }),
      );
    expect(contracts.loads).toBe(loadsBefore);
    // A valid home list passes its generated parser: no zod, no contracts (a visitor's home).
    const list = await answering(postsPage).call('GET /api/posts');
    expect(list).toEqual(postsPage);
    expect(contracts.loads).toBe(loadsBefore);
    await answering({ post }).call('GET /api/posts/{id}', { params: { id: post.id } });
    expect(contracts.loads).toBe(loadsBefore + 1);
  });

  it('builds the path from the route key, encoding each parameter', async () => {
    const { api, sent } = apiAnswering({ post });
    const res = await api.call('GET /api/posts/{id}', { params: { id: 'a b/c?' } });
    expect(sent[0]).toMatchObject({ method: 'GET', url: '/api/posts/a%20b%2Fc%3F' });
    expect(res.post.author_username).toBe('alice');
  });

  it('passes the query and parses the answer', async () => {
    const { api, sent } = apiAnswering(postsPage);
    const res = await api.call('GET /api/posts', {
      query: { feed: 'joined', sort: 'new', limit: 20, offset: 0, author_id: undefined },
    });
    expect(sent[0]?.url).toBe('/api/posts?feed=joined&sort=new&limit=20&offset=0');
    expect(res).toEqual(postsPage);
  });

  it('sends a JSON body with the method of the key', async () => {
    const { api, sent } = apiAnswering({ message: 'updated' });
    await api
      .call('PATCH /api/admin/users/{id}', { params: { id: 'u1' }, body: { is_active: false } })
      .catch(() => undefined);
    expect(sent[0]).toMatchObject({
      method: 'PATCH',
      url: '/api/admin/users/u1',
      body: '{"is_active":false}',
    });
    expect(sent[0]?.headers['Content-Type']).toBe('application/json');
  });

  it('sends FormData as it is (multipart uploads)', async () => {
    const { api, sent } = apiAnswering({ avatar_url: '/media/a.webp' });
    const form = new FormData();
    form.append('avatar', new Blob(['x'], { type: 'image/png' }), 'a.png');
    const res = await api.call('POST /api/auth/avatar', { body: form });
    expect(sent[0]?.body).toBe(form);
    expect(sent[0]?.headers['Content-Type']).toBeUndefined();
    expect(res.avatar_url).toBe('/media/a.webp');
  });

  it('rejects an answer that breaks the contract with INVALID_RESPONSE', async () => {
    const { api } = apiAnswering({ posts: [{ ...post, score: 'high' }], pagination: {} });
    const err = await api.call('GET /api/posts').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 'INVALID_RESPONSE', method: 'GET', path: '/posts' });
  });

  it('loads the schema only when called, in parallel with the request', async () => {
    const { client, fetch } = clientAnswering({ unreadCount: 2 });
    let resolveSchema: (schema: z.ZodType) => void = () => undefined;
    const schemaOf = vi.fn(() => new Promise<z.ZodType>((resolve) => (resolveSchema = resolve)));
    const call = createCall(client, schemaOf);
    expect(schemaOf).not.toHaveBeenCalled();
    const answer = call('GET /api/messages/unread-count');
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(schemaOf).toHaveBeenCalledWith('GET /api/messages/unread-count');
    const { UnreadCountResponse } = await import('@forum/contracts');
    resolveSchema(UnreadCountResponse);
    await expect(answer).resolves.toEqual({ unreadCount: 2 });
  });

  it('passes the signal, and sends no token on the session calls', async () => {
    const { api, sent, tokenStore } = apiAnswering({ message: 'ok' });
    tokenStore.setTokens({ token: 'access', refreshToken: 'refresh' });
    const aborted = new AbortController();
    aborted.abort();
    await api.call('GET /api/auth/me', {}, { signal: aborted.signal }).catch(() => undefined);
    expect(sent.at(-1)?.aborted).toBe(true);
    await api.auth.forgotPassword('a@b.co');
    expect(sent.at(-1)?.headers.Authorization).toBeUndefined();
    await api.call('PUT /api/notifications/mark-all-read').catch(() => undefined);
    expect(sent.at(-1)?.headers.Authorization).toBe('Bearer access');
  });

  it('hands a preloaded answer to the first matching call, once', async () => {
    const { api, fetch } = apiAnswering(postsPage);
    api.preload('GET /api/posts', { query: { sort: 'new', limit: 20, offset: 0 } });
    expect(fetch).toHaveBeenCalledTimes(1);
    // Same request in another key order: the preloaded answer, no second request.
    const first = await api.call('GET /api/posts', {
      query: { offset: 0, limit: 20, sort: 'new', feed: undefined },
    });
    expect(first).toEqual(postsPage);
    expect(fetch).toHaveBeenCalledTimes(1);
    // Taken once: the next call asks again, as does one with another query.
    await api.call('GET /api/posts', { query: { sort: 'new', limit: 20, offset: 0 } });
    api.preload('GET /api/posts', { query: { sort: 'hot', limit: 20, offset: 0 } });
    await api.call('GET /api/posts', { query: { sort: 'top', limit: 20, offset: 0 } });
    expect(fetch).toHaveBeenCalledTimes(4);
  });

  it('does not hand a preloaded answer to a call made later, or with another token', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const { api, fetch, tokenStore } = apiAnswering(postsPage);
      api.preload('GET /api/posts');
      vi.setSystemTime(Date.now() + PRELOAD_TTL_MS + 1);
      await api.call('GET /api/posts');
      expect(fetch).toHaveBeenCalledTimes(2);
      api.preload('GET /api/posts');
      tokenStore.setTokens({ token: 'access', refreshToken: 'refresh' });
      await api.call('GET /api/posts');
      expect(fetch).toHaveBeenCalledTimes(4);
    } finally {
      vi.useRealTimers();
    }
  });

  it('types every request by its route', () => {
    const { api } = apiAnswering({});
    const never = () => {
      // @ts-expect-error the post id is required
      void api.call('GET /api/posts/{id}');
      // @ts-expect-error no such parameter
      void api.call('GET /api/posts/{id}', { params: { postId: 'x' } });
      // @ts-expect-error not a route
      void api.call('GET /api/nothing');
      // @ts-expect-error feed is 'joined' or absent
      void api.call('GET /api/posts', { query: { feed: 'all' } });
      // @ts-expect-error this route takes no query
      void api.call('GET /api/auth/me', { query: { all: 1 } });
      // @ts-expect-error nor are the probes
      void api.call('GET /api/health');
      // @ts-expect-error internal routes are not for browsers
      void api.call('GET forum:/internal/stats');
    };
    expect(never).toBeTypeOf('function');
  });
});

describe('successSchemas', () => {
  it("is each browser route's success schema in the contracts, in the area it names", async () => {
    const { apiRoutes, isRouteKey, routeKey, routes, successSchema } =
      await import('@forum/contracts');
    const { schemaAreas, successSchemaArea, loadSuccessSchema } = await import('./successSchemas');
    const browserRoutes = routes.filter(
      (route) => !route.internal && !route.probe && !route.eventStream,
    );
    expect(Object.keys(successSchemaArea).sort()).toEqual(browserRoutes.map(routeKey).sort());
    const inAreas: string[] = [];
    for (const [area, load] of Object.entries(schemaAreas)) {
      const { schemas } = await load();
      for (const [key, schema] of Object.entries(schemas)) {
        if (!isRouteKey(key)) throw new Error(`${key} is not a route`);
        inAreas.push(key);
        // One area per route, and the one the table names.
        expect(successSchemaArea[key as keyof typeof successSchemaArea], key).toBe(area);
        expect(schema, key).toBe(successSchema(apiRoutes[key]));
      }
    }
    expect(inAreas.sort()).toEqual(Object.keys(successSchemaArea).sort());
    expect(await loadSuccessSchema('GET /api/posts/{id}')).toBe(
      successSchema(apiRoutes['GET /api/posts/{id}']),
    );
  });
});

describe('queryKeys', () => {
  it('keys lists by their query', () => {
    expect(queryKeys.posts.list({ sort: 'new' })).toEqual(['posts', 'list', { sort: 'new' }]);
  });
});
