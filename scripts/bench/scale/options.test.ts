import { describe, expect, it } from 'vitest';
import { DEFAULT_SCALE_DURATION, parseBenchArgs, parseScaleSizes } from '../options.js';
import { SCALE_ENDPOINTS, deepOffset } from './endpoints.js';

describe('--scale', () => {
  it('defaults to 1,000, 10,000 and 100,000 posts with a tenth as comments', () => {
    expect(parseBenchArgs(['--scale']).scale).toEqual([
      { posts: 1000, comments: 100 },
      { posts: 10_000, comments: 1000 },
      { posts: 100_000, comments: 10_000 },
    ]);
  });

  it('takes sizes in both forms, and a short duration unless given', () => {
    expect(parseBenchArgs(['--scale', '200,2000'])).toMatchObject({
      scale: [
        { posts: 200, comments: 20 },
        { posts: 2000, comments: 200 },
      ],
      duration: DEFAULT_SCALE_DURATION,
    });
    expect(parseBenchArgs(['--scale=500', '--duration', '8'])).toMatchObject({
      scale: [{ posts: 500, comments: 50 }],
      duration: 8,
    });
    expect(parseBenchArgs(['--scale', '--connections', '4'])).toMatchObject({ connections: 4 });
    expect(parseBenchArgs([]).scale).toBeUndefined();
  });

  it('refuses sizes that are not ascending counts of 100 posts or more', () => {
    for (const bad of ['10000,1000', '50', '1000,1000', 'x', '1000,', '1.5e3,2000.5']) {
      expect(() => parseScaleSizes(bad)).toThrow(/--scale takes ascending post counts/);
    }
  });

  it('runs alone', () => {
    expect(() => parseBenchArgs(['--scale', '--url', 'http://x'])).toThrow(/not with --url/);
    expect(() => parseBenchArgs(['--soak', '--scale'])).toThrow(/not with --soak/);
    expect(() => parseBenchArgs(['--scale', '--only', 'mixed'])).toThrow(/not with --only/);
  });
});

describe('the scale endpoints', () => {
  it('go 1,000 deep, or to the last full pages of a smaller community', () => {
    expect(deepOffset(100_000)).toBe(1000);
    expect(deepOffset(1100)).toBe(1000);
    expect(deepOffset(1000)).toBe(900);
    expect(deepOffset(100)).toBe(0);
  });

  it('have unique keys and name the offset they read', () => {
    const keys = SCALE_ENDPOINTS.map((e) => e.key);
    expect(new Set(keys).size).toBe(keys.length);
    const deep = SCALE_ENDPOINTS.find((e) => e.key === 'community-new-deep')!;
    const target = {
      gatewayUrl: 'http://gw',
      communityId: 'c1',
      threadPostId: 'p1',
      token: 't',
      posts: 10_000,
      threadPageComments: 97,
    };
    expect(deep.label({ posts: 1000, comments: 100 }, target)).toBe('community new, offset 900');
    const comments = SCALE_ENDPOINTS.find((e) => e.key === 'comments-best')!;
    expect(comments.label({ posts: 10_000, comments: 1000 }, target)).toBe(
      'post with 1000 comments, best (97 on the page)',
    );
    expect(deep.request(target).url).toBe(
      'http://gw/api/posts?community_id=c1&sort=new&limit=20&offset=1000',
    );
    const feed = SCALE_ENDPOINTS.find((e) => e.key === 'feed')!.request(target);
    expect(feed.headers).toEqual({ authorization: 'Bearer t' });
  });
});
