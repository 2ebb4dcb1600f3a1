import { describe, expect, it } from 'vitest';
import { ListPostsQuery, ListPostsResponse, Post } from './posts.js';

const post = {
  id: '64b7f0c2a1b2c3d4e5f60718',
  title: 'Hello',
  content: 'World',
  type: 'text',
  image_url: null,
  community_id: '64b7f0c2a1b2c3d4e5f60719',
  community_name: 'general',
  author_id: '64b7f0c2a1b2c3d4e5f6071a',
  author_username: 'alice',
  created_at: '2026-01-01T00:00:00.000Z',
  score: 3,
  upvotes: 4,
  downvotes: 1,
  comment_count: 0,
};

describe('ListPostsQuery', () => {
  it('defaults to sort new, limit 20, offset 0', () => {
    expect(ListPostsQuery.parse({})).toEqual({ sort: 'new', limit: 20, offset: 0 });
  });

  it('coerces query strings', () => {
    expect(ListPostsQuery.parse({ sort: 'hot', limit: '5', offset: '10' })).toMatchObject({
      sort: 'hot',
      limit: 5,
      offset: 10,
    });
  });

  it('rejects bad sorts, ids and bounds', () => {
    const result = ListPostsQuery.safeParse({
      sort: 'best',
      community_id: 'x',
      limit: '0',
      offset: '-1',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path[0]).sort()).toEqual([
      'community_id',
      'limit',
      'offset',
      'sort',
    ]);
  });
});

describe('Post', () => {
  it('accepts the spec entity and the list response', () => {
    expect(Post.parse(post)).toEqual(post);
    expect(
      ListPostsResponse.parse({ posts: [post], pagination: { hasMore: false, total: 1 } }),
    ).toBeTruthy();
  });

  it('rejects unknown post types', () => {
    expect(Post.safeParse({ ...post, type: 'audio' }).success).toBe(false);
  });
});
