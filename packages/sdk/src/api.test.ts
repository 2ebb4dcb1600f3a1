import { describe, expect, it } from 'vitest';
import { createApi, queryKeys } from './api';
import { createApiClient } from './client';
import { ApiError } from './errors';
import { createTokenStore } from './tokenStore';

const post = {
  id: '64b7f0c2a1b2c3d4e5f60718',
  title: 'Hello',
  content: 'First post',
  type: 'text',
  image_url: null,
  community_id: '64b7f0c2a1b2c3d4e5f60719',
  community_name: 'general',
  author_id: '64b7f0c2a1b2c3d4e5f6071a',
  author_username: 'alice',
  created_at: '2026-01-02T03:04:05.000Z',
  score: 3,
  upvotes: 4,
  downvotes: 1,
  comment_count: 2,
};

function apiWith(body: unknown, status = 200) {
  const urls: string[] = [];
  const fetch = (async (input: RequestInfo | URL) => {
    urls.push(String(input));
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof globalThis.fetch;
  return { api: createApi(createApiClient({ tokenStore: createTokenStore(), fetch })), urls };
}

describe('api.posts.list', () => {
  it('calls GET /api/posts with the params and parses {posts, pagination}', async () => {
    const { api, urls } = apiWith({ posts: [post], pagination: { hasMore: false, total: 1 } });
    const res = await api.posts.list({ sort: 'new', limit: 20, offset: 0 });
    expect(urls[0]).toBe('/api/posts?sort=new&limit=20&offset=0');
    expect(res.posts[0]?.author_username).toBe('alice');
    expect(res.pagination).toEqual({ hasMore: false, total: 1 });
  });

  it('rejects a body that breaks the contract', async () => {
    const { api } = apiWith({ posts: [{ ...post, score: 'high' }], pagination: {} });
    const err = (await api.posts.list().catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.code).toBe('INVALID_RESPONSE');
  });

  it('keys lists by their params', () => {
    expect(queryKeys.posts.list({ sort: 'new' })).toEqual(['posts', 'list', { sort: 'new' }]);
  });
});
