import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CommunityResponse,
  ListPostsResponse,
  PostResponse,
  ReactionsResponse,
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
let alice: TestUser;
let bob: TestUser;
let community: string;

beforeAll(async () => {
  h = await startHarness();
  alice = await h.user('alice');
  bob = await h.user('bob');
  const res = await h.call('POST', '/api/communities', {
    as: alice,
    body: communityBody(uniqueName('engage')),
  });
  community = CommunityResponse.parse(res.body).community.id;
});
afterAll(async () => h?.stop());

const newPost = async (title = 'post') =>
  PostResponse.parse(
    (await h.call('POST', '/api/posts', { as: alice, body: textPost(community, title) })).body,
  ).post;

const zero = { heart: 0, laugh: 0, sad: 0, wow: 0, rocket: 0 };

describe('reactions', () => {
  it('adds, replaces, removes on repeat, and deletes', async () => {
    const post = await newPost();
    const path = `/api/posts/${post.id}/reactions`;
    const react = async (as: TestUser, reaction_type: string) =>
      ReactionsResponse.parse((await h.call('POST', path, { as, body: { reaction_type } })).body);
    expect(await react(bob, 'heart')).toEqual({
      ...zero,
      heart: 1,
      total_reactions: 1,
      user_reaction: 'heart',
    });
    expect(await react(alice, 'heart')).toMatchObject({ heart: 2, total_reactions: 2 });
    expect(await react(bob, 'rocket')).toEqual({
      ...zero,
      heart: 1,
      rocket: 1,
      total_reactions: 2,
      user_reaction: 'rocket',
    });
    expect(await react(bob, 'rocket')).toMatchObject({
      rocket: 0,
      total_reactions: 1,
      user_reaction: null,
    });
    await react(bob, 'laugh');
    const removed = ReactionsResponse.parse((await h.call('DELETE', path, { as: bob })).body);
    expect(removed).toEqual({ ...zero, heart: 1, total_reactions: 1, user_reaction: null });
    // Idempotent delete.
    expect((await h.call('DELETE', path, { as: bob })).body).toMatchObject({ total_reactions: 1 });
    expect(ReactionsResponse.parse((await h.call('GET', path, { as: alice })).body)).toMatchObject({
      heart: 1,
      user_reaction: 'heart',
    });
    expect((await h.call('GET', path)).body).toMatchObject({ heart: 1, user_reaction: null });
  });

  it('keeps counters exact under concurrent reactions', async () => {
    const post = await newPost();
    const path = `/api/posts/${post.id}/reactions`;
    const users = await Promise.all(Array.from({ length: 20 }, () => h.user()));
    const kinds = ['heart', 'laugh', 'sad', 'wow', 'rocket'];
    await Promise.all(
      users.flatMap((u, i) => [
        h.call('POST', path, { as: u, body: { reaction_type: kinds[i % 5] } }),
        h.call('POST', path, { as: u, body: { reaction_type: kinds[(i + 1) % 5] } }),
      ]),
    );
    const res = ReactionsResponse.parse((await h.call('GET', path)).body);
    const stored = await h.models.PostReaction.find({ post_id: post.id }).lean();
    expect(res.total_reactions).toBe(stored.length);
    for (const kind of kinds) {
      expect(res[kind as keyof typeof zero]).toBe(
        stored.filter((r) => r.reaction_type === kind).length,
      );
    }
  });

  it('refuses unknown kinds (400) and visitors (401)', async () => {
    const post = await newPost();
    const path = `/api/posts/${post.id}/reactions`;
    for (const reaction_type of ['angry', '', 1, null, { $ne: 'x' }]) {
      const res = await h.call('POST', path, { as: bob, body: { reaction_type } });
      expect(res.status).toBe(400);
    }
    expect((await h.call('POST', path, { body: { reaction_type: 'heart' } })).status).toBe(401);
    expect((await h.call('DELETE', path)).status).toBe(401);
  });
});

describe('saves', () => {
  it('saves idempotently, reports state and lists newest save first with saved_at', async () => {
    const p1 = await newPost('save one');
    const p2 = await newPost('save two');
    const p3 = await newPost('save three');
    for (const p of [p2, p1, p3, p1]) {
      expect((await h.call('POST', `/api/posts/${p.id}/save`, { as: bob })).body).toEqual({
        saved: true,
      });
      await new Promise((r) => setTimeout(r, 5));
    }
    expect((await h.call('GET', `/api/posts/${p1.id}/saved`, { as: bob })).body).toEqual({
      saved: true,
    });
    expect((await h.call('GET', `/api/posts/${p1.id}/saved`, { as: alice })).body).toEqual({
      saved: false,
    });
    const list = ListPostsResponse.parse(
      (await h.call('GET', '/api/posts/saved/my', { as: bob })).body,
    );
    expect(list.posts.map((p) => p.title)).toEqual(['save three', 'save one', 'save two']);
    expect(list.posts.every((p) => p.saved_at && p.is_saved)).toBe(true);
    const page = ListPostsResponse.parse(
      (await h.call('GET', '/api/posts/saved/my?limit=2&offset=1', { as: bob })).body,
    );
    expect(page.posts.map((p) => p.title)).toEqual(['save one', 'save two']);
    expect(page.pagination).toEqual({ hasMore: false, total: 3 });
    expect((await h.call('DELETE', `/api/posts/${p1.id}/save`, { as: bob })).body).toEqual({
      saved: false,
    });
    expect((await h.call('DELETE', `/api/posts/${p1.id}/save`, { as: bob })).body).toEqual({
      saved: false,
    });
    const after = ListPostsResponse.parse(
      (await h.call('GET', '/api/posts/saved/my', { as: bob })).body,
    );
    expect(after.pagination.total).toBe(2);
    expect((await h.call('GET', '/api/posts/saved/my')).status).toBe(401);
    expect((await h.call('POST', `/api/posts/${p1.id}/save`)).status).toBe(401);
  });
});

describe('post subscriptions', () => {
  it('subscribes and unsubscribes idempotently', async () => {
    const post = await newPost();
    const path = `/api/post-subscriptions/${post.id}`;
    expect((await h.call('GET', `${path}/status`, { as: bob })).body).toEqual({
      subscribed: false,
    });
    expect((await h.call('POST', path, { as: bob })).body).toEqual({ subscribed: true });
    expect((await h.call('POST', path, { as: bob })).body).toEqual({ subscribed: true });
    expect((await h.call('GET', `${path}/status`, { as: bob })).body).toEqual({ subscribed: true });
    expect(await h.models.PostSubscription.countDocuments({ post_id: post.id })).toBe(2);
    expect((await h.call('DELETE', path, { as: bob })).body).toEqual({ subscribed: false });
    expect((await h.call('DELETE', path, { as: bob })).body).toEqual({ subscribed: false });
    expect((await h.call('GET', `${path}/status`, { as: bob })).body).toEqual({
      subscribed: false,
    });
    expect((await h.call('GET', `${path}/status`)).status).toBe(401);
    expect(
      (await h.call('POST', '/api/post-subscriptions/64b7f0c2a1b2c3d4e5f60799', { as: bob }))
        .status,
    ).toBe(404);
  });
});
