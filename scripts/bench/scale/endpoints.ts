/**
 * What the scale bench measures at each size: the calls a reader's pages make, on the seeded
 * community, its thread post and a signed-in member.
 */
import type { BenchRequest } from '../scenario.js';
import type { ScaleSize } from './judge.js';

/** The offset the issue names for the deep community pages. */
export const DEEP_OFFSET = 1000;
export const PAGE = 20;

/**
 * The deep pages' offset at a size: 1,000, or where the last full page starts when the community
 * has fewer posts (900 at 1,000 posts: offset 1,000 there would be an empty page past the end).
 */
export function deepOffset(posts: number): number {
  return Math.max(0, Math.min(DEEP_OFFSET, posts - PAGE * 5));
}

export interface ScaleTarget {
  gatewayUrl: string;
  communityId: string;
  threadPostId: string;
  /** A member of the community (its feed holds the community's posts). */
  token: string;
  posts: number;
  /** Comments on the thread post's first best page, replies included (as the bench reads it). */
  threadPageComments: number;
}

export interface ScaleEndpoint {
  /** Same at every size: the rows of the sizes are compared by it. */
  key: string;
  /** What the row says at this size (the deep pages name their offset). */
  label(size: ScaleSize, target: Pick<ScaleTarget, 'threadPageComments'>): string;
  request(target: ScaleTarget): BenchRequest;
}

const community = (sort: 'hot' | 'new' | 'top', deep: boolean): ScaleEndpoint => ({
  key: `community-${sort}${deep ? '-deep' : ''}`,
  label: ({ posts }) => `community ${sort}, offset ${deep ? deepOffset(posts) : 0}`,
  request: (t) => ({
    url:
      `${t.gatewayUrl}/api/posts?community_id=${t.communityId}&sort=${sort}&limit=${PAGE}` +
      `&offset=${deep ? deepOffset(t.posts) : 0}`,
  }),
});

export const SCALE_ENDPOINTS: ScaleEndpoint[] = [
  community('hot', false),
  community('new', false),
  community('top', false),
  community('hot', true),
  community('new', true),
  community('top', true),
  {
    key: 'home',
    label: () => 'home (all posts, new)',
    request: (t) => ({ url: `${t.gatewayUrl}/api/posts?sort=new&limit=${PAGE}&offset=0` }),
  },
  {
    key: 'feed',
    label: () => 'signed-in feed (joined, hot)',
    request: (t) => ({
      url: `${t.gatewayUrl}/api/posts?feed=joined&sort=hot&limit=${PAGE}&offset=0`,
      headers: { authorization: `Bearer ${t.token}` },
    }),
  },
  {
    key: 'comments-best',
    // The page's own size beside the thread's: what a page costs follows what it carries.
    label: ({ comments }, t) =>
      `post with ${comments} comments, best (${t.threadPageComments} on the page)`,
    request: (t) => ({
      url: `${t.gatewayUrl}/api/comments/post/${t.threadPostId}?sortBy=best&limit=50&offset=0`,
      headers: { authorization: `Bearer ${t.token}` },
    }),
  },
];
