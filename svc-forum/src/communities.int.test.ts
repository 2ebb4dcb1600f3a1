import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommunityResponse, ListCommunitiesResponse, ListMembersResponse } from '@forum/contracts';
import {
  communityBody,
  startHarness,
  textPost,
  uniqueName,
  type Harness,
  type TestUser,
} from './test-support/harness.js';

let h: Harness;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  h = await startHarness();
  alice = await h.user('alice');
  bob = await h.user('bob');
});
afterAll(async () => h?.stop());

const create = (name: string, as = alice, extra = {}) =>
  h.call('POST', '/api/communities', { as, body: communityBody(name, extra) });

describe('creating communities', () => {
  it('creates one; the creator is its first member and moderator', async () => {
    const name = uniqueName('Cats');
    const res = await create(name);
    expect(res.status).toBe(201);
    const { community } = CommunityResponse.parse(res.body);
    expect(community).toMatchObject({
      name,
      is_nsfw: false,
      logo_url: null,
      member_count: 1,
      created_by: alice.id,
      creator_username: 'alice',
    });
    const membership = await h.call('GET', `/api/communities/${community.id}/membership`, {
      as: alice,
    });
    // The creator is the owner (EXTENSIONS §M1), with no ban.
    expect(membership.body).toEqual({
      isMember: true,
      isModerator: true,
      isOwner: true,
      ban: null,
    });
  });

  it.each([
    [{ name: 'ab' }, 'Community name must be at least 3 characters long'],
    [{ name: 'a'.repeat(51) }, 'Community name must be at most 50 characters long'],
    [{ name: 'bad name!' }, 'Community name can only contain letters, numbers and underscores'],
    [{ description: 'too short' }, 'Description must be at least 10 characters long'],
    [{ description: 'x'.repeat(501) }, 'Description must be at most 500 characters long'],
    [{ rules: 'abcd' }, 'Community rules must be at least 5 characters long'],
    [{ rules: 'x'.repeat(2001) }, 'Community rules must be at most 2000 characters long'],
    [{ description: '<b></b>   <i>x</i>' }, 'Description must be at least 10 characters long'],
  ])('refuses %j with the spec text', async (override, text) => {
    const res = await h.call('POST', '/api/communities', {
      as: alice,
      body: { ...communityBody(uniqueName()), ...override },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(text);
  });

  it('keeps names unique ignoring case (409)', async () => {
    const name = uniqueName('Dogs');
    expect((await create(name)).status).toBe(201);
    const again = await create(name.toUpperCase(), bob);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'Community name is already taken' });
  });

  it('needs a signed-in caller', async () => {
    const res = await h.call('POST', '/api/communities', { body: communityBody(uniqueName()) });
    expect(res.status).toBe(401);
  });

  it('stores description and rules as plain text', async () => {
    const res = await create(uniqueName(), alice, {
      description: '<script>alert(1)</script>Hello <b>there</b> friends',
    });
    expect((res.body.community as { description: string }).description).toBe(
      'alert(1)Hello there friends',
    );
  });
});

describe('reading communities', () => {
  it('finds by id and by name (any case), 404 otherwise', async () => {
    const name = uniqueName('Birds');
    const { community } = CommunityResponse.parse((await create(name)).body);
    const byId = await h.call('GET', `/api/communities/id/${community.id}`);
    expect(CommunityResponse.parse(byId.body).community).toEqual(community);
    const byName = await h.call('GET', `/api/communities/name/${name.toLowerCase()}`);
    expect(CommunityResponse.parse(byName.body).community.id).toBe(community.id);
    const missing = await h.call('GET', '/api/communities/id/64b7f0c2a1b2c3d4e5f60799');
    expect(missing).toEqual({ status: 404, body: { error: 'Community not found' } });
    const missingName = await h.call('GET', '/api/communities/name/nope_nothing_here');
    expect(missingName.status).toBe(404);
  });

  it('lists with limit and offset, and the caller’s own', async () => {
    const carol = await h.user('carol');
    const names = [uniqueName('L1'), uniqueName('L2'), uniqueName('L3')];
    for (const n of names) await create(n, carol);
    const first = ListCommunitiesResponse.parse(
      (await h.call('GET', '/api/communities?limit=2')).body,
    );
    expect(first.communities).toHaveLength(2);
    expect(first.pagination.hasMore).toBe(true);
    const all = ListCommunitiesResponse.parse(
      (await h.call('GET', `/api/communities?limit=100`)).body,
    );
    expect(all.pagination.total).toBe(all.communities.length);
    const mine = ListCommunitiesResponse.parse(
      (await h.call('GET', '/api/communities/my', { as: carol })).body,
    );
    expect(mine.communities.map((c) => c.name).sort()).toEqual([...names].sort());
    expect((await h.call('GET', '/api/communities/my')).status).toBe(401);
  });
});

describe('membership', () => {
  it('join and leave are idempotent and keep member_count exact', async () => {
    const { community } = CommunityResponse.parse((await create(uniqueName())).body);
    const path = `/api/communities/${community.id}`;
    const j1 = await h.call('POST', `${path}/join`, { as: bob });
    expect(j1.body).toEqual({ isMember: true, isModerator: false, member_count: 2 });
    const j2 = await h.call('POST', `${path}/join`, { as: bob });
    expect(j2.body).toMatchObject({ member_count: 2 });
    expect((await h.call('GET', `${path}/membership`, { as: bob })).body).toEqual({
      isMember: true,
      isModerator: false,
      isOwner: false,
      ban: null,
    });
    const l1 = await h.call('POST', `${path}/leave`, { as: bob });
    expect(l1.body).toEqual({ isMember: false, isModerator: false, member_count: 1 });
    const l2 = await h.call('POST', `${path}/leave`, { as: bob });
    expect(l2.body).toMatchObject({ member_count: 1 });
    expect((await h.call('GET', `${path}/membership`)).body).toEqual({
      isMember: false,
      isModerator: false,
      isOwner: false,
      ban: null,
    });
  });

  it('stays exact under concurrent joins and leaves', async () => {
    const { community } = CommunityResponse.parse((await create(uniqueName())).body);
    const path = `/api/communities/${community.id}`;
    const users = await Promise.all(Array.from({ length: 20 }, () => h.user()));
    // Every user joins twice at once: 20 new members exactly.
    await Promise.all(
      users.flatMap((u) => [1, 2].map(() => h.call('POST', `${path}/join`, { as: u }))),
    );
    let c = CommunityResponse.parse(
      (await h.call('GET', `${path.replace('/communities/', '/communities/id/')}`)).body,
    );
    expect(c.community.member_count).toBe(21);
    // Half leave twice at once, the rest join again.
    await Promise.all([
      ...users
        .slice(0, 10)
        .flatMap((u) => [1, 2].map(() => h.call('POST', `${path}/leave`, { as: u }))),
      ...users.slice(10).map((u) => h.call('POST', `${path}/join`, { as: u })),
    ]);
    c = CommunityResponse.parse((await h.call('GET', `/api/communities/id/${community.id}`)).body);
    expect(c.community.member_count).toBe(11);
    expect(await h.models.Membership.countDocuments({ community_id: community.id })).toBe(11);
  });

  it('the creator cannot leave', async () => {
    const { community } = CommunityResponse.parse((await create(uniqueName())).body);
    const res = await h.call('POST', `/api/communities/${community.id}/leave`, { as: alice });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('The creator cannot leave their own community');
  });

  it('lists members oldest first with pagination', async () => {
    const { community } = CommunityResponse.parse((await create(uniqueName())).body);
    await h.call('POST', `/api/communities/${community.id}/join`, { as: bob });
    const res = ListMembersResponse.parse(
      (await h.call('GET', `/api/communities/${community.id}/members?limit=1`)).body,
    );
    expect(res.members).toEqual([
      expect.objectContaining({ username: 'alice', is_moderator: true }),
    ]);
    expect(res.pagination).toEqual({ hasMore: true, total: 2 });
    const rest = ListMembersResponse.parse(
      (await h.call('GET', `/api/communities/${community.id}/members?offset=1`)).body,
    );
    expect(rest.members.map((m) => m.username)).toEqual(['bob']);
  });
});

describe('editing and deleting', () => {
  it('lets only the creator edit description and rules (name unchanged)', async () => {
    const name = uniqueName();
    const { community } = CommunityResponse.parse((await create(name)).body);
    const body = { description: 'A brand new description', rules: 'New rules', name: 'other' };
    const denied = await h.call('PUT', `/api/communities/${community.id}`, { as: bob, body });
    expect(denied).toEqual({
      status: 403,
      body: { error: 'You do not have permission to edit this community' },
    });
    const ok = await h.call('PUT', `/api/communities/${community.id}`, { as: alice, body });
    expect(ok.status).toBe(200);
    expect(CommunityResponse.parse(ok.body).community).toMatchObject({
      name,
      description: 'A brand new description',
      rules: 'New rules',
    });
    const short = await h.call('PUT', `/api/communities/${community.id}`, {
      as: alice,
      body: { description: 'short', rules: 'New rules' },
    });
    expect(short.body.error).toBe('Description must be at least 10 characters long');
  });

  it('lets only the creator delete, and removes everything that belonged to it', async () => {
    const { community } = CommunityResponse.parse((await create(uniqueName())).body);
    await h.call('POST', `/api/communities/${community.id}/join`, { as: bob });
    const post = await h.call('POST', '/api/posts', { as: bob, body: textPost(community.id) });
    const postId = (post.body.post as { id: string }).id;
    await h.call('POST', `/api/posts/${postId}/vote`, { as: alice, body: { vote_type: 1 } });
    await h.call('POST', `/api/posts/${postId}/reactions`, {
      as: alice,
      body: { reaction_type: 'heart' },
    });
    await h.call('POST', `/api/posts/${postId}/save`, { as: alice });
    await h.conn.collection('comments').insertOne({
      post_id: post.body.post && h.models.Post.castObject({ _id: postId })._id,
      content: 'x',
    });

    const denied = await h.call('DELETE', `/api/communities/${community.id}`, { as: bob });
    expect(denied).toEqual({
      status: 403,
      body: { error: 'You do not have permission to delete this community' },
    });
    const ok = await h.call('DELETE', `/api/communities/${community.id}`, { as: alice });
    expect(ok.status).toBe(200);
    expect((await h.call('GET', `/api/communities/id/${community.id}`)).status).toBe(404);
    expect((await h.call('GET', `/api/posts/${postId}`)).status).toBe(404);
    const left = await Promise.all(
      [
        'posts',
        'memberships',
        'post_votes',
        'post_reactions',
        'post_saves',
        'post_subscriptions',
        'comments',
      ].map(async (name) => [
        name,
        await h.conn.collection(name).countDocuments({
          $or: [
            { community_id: h.models.Community.castObject({ _id: community.id })._id },
            { post_id: h.models.Post.castObject({ _id: postId })._id },
          ],
        }),
      ]),
    );
    expect(Object.fromEntries(left)).toEqual({
      posts: 0,
      memberships: 0,
      post_votes: 0,
      post_reactions: 0,
      post_saves: 0,
      post_subscriptions: 0,
      comments: 0,
    });
  });
});
