import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommunityResponse, ListPostsResponse, PostResponse } from '@forum/contracts';
import {
  communityBody,
  startHarness,
  textPost,
  uniqueName,
  type Harness,
  type TestUser,
} from './test-support/harness.js';

/**
 * NSFW content never reaches a caller without a token, on any read path, whatever the query
 * says; signed-in users see it. The community record itself stays visible (with is_nsfw).
 */
let h: Harness;
let owner: TestUser;
let reader: TestUser;
let nsfw: string;
let sfw: string;
let nsfwPost: string;
let sfwPost: string;

beforeAll(async () => {
  h = await startHarness();
  owner = await h.user('nsfwowner');
  reader = await h.user('reader');
  const make = async (extra: Record<string, unknown>) =>
    CommunityResponse.parse(
      (
        await h.call('POST', '/api/communities', {
          as: owner,
          body: communityBody(uniqueName('n'), extra),
        })
      ).body,
    ).community.id;
  nsfw = await make({ is_nsfw: true });
  sfw = await make({});
  const post = async (community: string, title: string) =>
    PostResponse.parse(
      (await h.call('POST', '/api/posts', { as: owner, body: textPost(community, title) })).body,
    ).post.id;
  nsfwPost = await post(nsfw, 'adult content');
  sfwPost = await post(sfw, 'family content');
  await h.call('POST', `/api/communities/${nsfw}/join`, { as: reader });
  await h.call('POST', `/api/posts/${nsfwPost}/save`, { as: reader });
});
afterAll(async () => h?.stop());

const ids = (body: unknown) => ListPostsResponse.parse(body).posts.map((p) => p.id);

describe('NSFW hiding', () => {
  const lists = () => [
    '/api/posts',
    '/api/posts?sort=hot',
    '/api/posts?sort=top',
    `/api/posts?community_id=${nsfw}`,
    `/api/posts?community_id=${nsfw}&sort=hot`,
    `/api/posts?author_id=${owner.id}`,
    `/api/auth/user/${owner.username}/posts`,
    `/api/auth/user/${owner.username}/posts?sortBy=top`,
    // Unknown parameters cannot switch the filter off.
    '/api/posts?community_nsfw=true&include_nsfw=1&nsfw=true',
  ];

  it('leaves NSFW posts out of every list for visitors', async () => {
    for (const path of lists()) {
      const res = await h.call('GET', path);
      expect(res.status, path).toBe(200);
      expect(ids(res.body), path).not.toContain(nsfwPost);
    }
    expect(ids((await h.call('GET', '/api/posts')).body)).toContain(sfwPost);
  });

  it('shows them to signed-in users', async () => {
    for (const path of lists()) {
      const res = await h.call('GET', path, { as: reader });
      if (path.includes('community_nsfw')) continue;
      expect(ids(res.body), path).toContain(nsfwPost);
    }
    expect(ids((await h.call('GET', '/api/posts?feed=joined', { as: reader })).body)).toContain(
      nsfwPost,
    );
    expect(ids((await h.call('GET', '/api/posts/saved/my', { as: reader })).body)).toContain(
      nsfwPost,
    );
    expect(ids((await h.call('GET', '/api/auth/me/posts', { as: owner })).body)).toContain(
      nsfwPost,
    );
  });

  it('answers 403 "Sign up to view NSFW content" on every per-post read by a visitor', async () => {
    for (const path of [
      `/api/posts/${nsfwPost}`,
      `/api/posts/${nsfwPost}/vote`,
      `/api/posts/${nsfwPost}/reactions`,
      `/api/posts/${nsfwPost}/saved`,
    ]) {
      expect(await h.call('GET', path), path).toEqual({
        status: 403,
        body: { error: 'Sign up to view NSFW content' },
      });
    }
    const ok = await h.call('GET', `/api/posts/${nsfwPost}`, { as: reader });
    expect(PostResponse.parse(ok.body).post).toMatchObject({ community_nsfw: true });
  });

  it('keeps the community record visible with is_nsfw', async () => {
    const res = await h.call('GET', `/api/communities/id/${nsfw}`);
    expect(CommunityResponse.parse(res.body).community.is_nsfw).toBe(true);
  });

  it('counts only what a visitor may see', async () => {
    const res = ListPostsResponse.parse(
      (await h.call('GET', `/api/posts?community_id=${nsfw}`)).body,
    );
    expect(res).toEqual({ posts: [], pagination: { hasMore: false, total: 0 } });
  });
});
