import type { RouteBaseline } from './baselines.js';

const page = { limit: '5', offset: '0' };

/** Search (EXTENSIONS §S): public reads; q, limit, offset, and community and sort for content. */
export function searchBaselines(): Record<string, RouteBaseline> {
  const content = (): RouteBaseline => ({
    as: 'alice',
    wrong: 'bob',
    expect: [200],
    build: (fx) => ({
      query: {
        q: 'fuzz "post text" -nothing',
        community: fx.community.name,
        sort: 'relevance',
        ...page,
      },
    }),
  });
  const named = (): RouteBaseline => ({
    as: 'alice',
    wrong: 'bob',
    expect: [200],
    build: (fx) => ({ query: { q: fx.users.alice.username.slice(0, 4), ...page } }),
  });
  return {
    'GET /api/search/posts': content(),
    'GET /api/search/comments': content(),
    'GET /api/search/communities': named(),
    'GET /api/search/users': named(),
  };
}
