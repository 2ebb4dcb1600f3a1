import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminCommunitiesResponse,
  CommunityResponse,
  ForumStats,
  PostResponse,
} from '@forum/contracts';
import {
  communityBody,
  startHarness,
  textPost,
  uniqueName,
  type Harness,
  type TestUser,
} from './test-support/harness.js';

let h: Harness;
let admin: TestUser;
let alice: TestUser;

beforeAll(async () => {
  h = await startHarness();
  admin = await h.user('admin', { isAdmin: true });
  alice = await h.user('alice');
});
afterAll(async () => h?.stop());

describe('GET /api/admin/communities', () => {
  it('lists every community with exact post and member counters', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      ids.push(
        CommunityResponse.parse(
          (
            await h.call('POST', '/api/communities', {
              as: alice,
              body: communityBody(uniqueName('adm')),
            })
          ).body,
        ).community.id,
      );
    }
    const posts = [];
    for (let i = 0; i < 3; i++) {
      posts.push(
        PostResponse.parse(
          (await h.call('POST', '/api/posts', { as: alice, body: textPost(ids[0]!) })).body,
        ).post.id,
      );
    }
    await h.call('DELETE', `/api/posts/${posts[0]}`, { as: alice });
    await h.call('POST', `/api/communities/${ids[0]}/join`, { as: admin });

    const res = await h.call('GET', '/api/admin/communities', { as: admin });
    const { communities } = AdminCommunitiesResponse.parse(res.body);
    const byId = new Map(communities.map((c) => [c.id, c]));
    expect(byId.get(ids[0]!)).toMatchObject({ post_count: 2, member_count: 2 });
    expect(byId.get(ids[1]!)).toMatchObject({ post_count: 0, member_count: 1 });

    expect(await h.call('GET', '/api/admin/communities', { as: alice })).toEqual({
      status: 403,
      body: { error: 'Access denied. Admin privileges required.' },
    });
  });
});

describe('GET /internal/stats', () => {
  it('counts communities, posts and comments, following deletes', async () => {
    const stats = async () => ForumStats.parse((await h.call('GET', '/internal/stats')).body);
    const before = await stats();
    const id = CommunityResponse.parse(
      (
        await h.call('POST', '/api/communities', {
          as: alice,
          body: communityBody(uniqueName('st')),
        })
      ).body,
    ).community.id;
    await h.call('POST', '/api/posts', { as: alice, body: textPost(id) });
    await h.call('POST', '/api/posts', { as: alice, body: textPost(id) });
    expect(await stats()).toEqual({
      total_communities: before.total_communities + 1,
      total_posts: before.total_posts + 2,
      total_comments: before.total_comments,
    });
    await h.call('DELETE', `/api/communities/${id}`, { as: alice });
    expect(await stats()).toEqual(before);
  });
});
