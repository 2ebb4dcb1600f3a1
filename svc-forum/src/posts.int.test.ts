import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommunityResponse, ListPostsResponse, PostResponse, type Post } from '@forum/contracts';
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
    body: communityBody(uniqueName('posts')),
  });
  community = CommunityResponse.parse(res.body).community.id;
});
afterAll(async () => h?.stop());

const createPost = async (as: TestUser, body: Record<string, unknown>) => {
  const res = await h.call('POST', '/api/posts', { as, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return PostResponse.parse(res.body).post;
};

describe('creating posts', () => {
  it('creates text and link posts with names copied from the token and community', async () => {
    const post = await createPost(alice, {
      title: '  First post  ',
      content: 'Body',
      type: 'text',
      community_id: community,
    });
    expect(post).toMatchObject({
      title: 'First post',
      content: 'Body',
      type: 'text',
      image_url: null,
      community_id: community,
      author_id: alice.id,
      author_username: 'alice',
      score: 0,
      upvotes: 0,
      downvotes: 0,
      comment_count: 0,
    });
    expect(post.community_name).toMatch(/^posts_/);
    const link = await createPost(alice, {
      title: 'A link',
      content: 'https://example.com/a?b=c',
      type: 'link',
      community_id: community,
    });
    expect(link.content).toBe('https://example.com/a?b=c');
  });

  it('subscribes the author and counts the post on the community', async () => {
    const post = await createPost(alice, textPost(community, 'Subscribed'));
    const status = await h.call('GET', `/api/post-subscriptions/${post.id}/status`, { as: alice });
    expect(status.body).toEqual({ subscribed: true });
    const c = await h.models.Community.findById(community).lean();
    expect(c?.post_count).toBe(await h.models.Post.countDocuments({ community_id: community }));
  });

  it('strips markup from title and content', async () => {
    const post = await createPost(alice, {
      title: '<img src=x onerror=alert(1)>Safe <b>title</b>',
      content: '<script>alert(1)</script>text <a href="javascript:x">link</a> and 1 < 2',
      type: 'text',
      community_id: community,
    });
    expect(post.title).toBe('Safe title');
    expect(post.content).toBe('alert(1)text link and 1 < 2');
  });

  it.each([
    [{ title: '' }, 'Title is required'],
    [{ title: '   ' }, 'Title is required'],
    [{ title: '<b></b>' }, 'Title is required'],
    [{ title: undefined }, 'Title is required'],
    [{ title: 'x'.repeat(301) }, 'Title must be at most 300 characters long'],
    [{ content: '' }, 'Content is required for text posts'],
    [{ content: undefined }, 'Content is required for text posts'],
    [{ content: 'x'.repeat(10_001) }, 'Content must be at most 10,000 characters long'],
    [{ type: 'link', content: 'not a url' }, 'Please provide a valid URL for link posts'],
    [{ type: 'link', content: 'javascript:alert(1)' }, 'Please provide a valid URL for link posts'],
    [{ type: 'link', content: 'data:text/html,hi' }, 'Please provide a valid URL for link posts'],
    [{ type: 'link', content: 'file:///etc/passwd' }, 'Please provide a valid URL for link posts'],
    [{ type: 'link', content: 'ftp://example.com' }, 'Please provide a valid URL for link posts'],
    [{ type: 'image', content: '' }, 'Please select an image for image posts'],
    [{ type: 'video' }, 'Post type must be text, link or image'],
    [{ community_id: 'nope' }, 'community_id must be a valid community id'],
  ])('refuses %j', async (override, text) => {
    const res = await h.call('POST', '/api/posts', {
      as: alice,
      body: { ...textPost(community), ...override },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(text);
  });

  it('accepts content of exactly 10,000 characters and a 300-character title', async () => {
    const post = await createPost(alice, {
      ...textPost(community, 't'.repeat(300)),
      content: 'c'.repeat(10_000),
    });
    expect(post.content).toHaveLength(10_000);
  });

  // Found by the hostile-input fuzzer: the contract counts code points, the model counted UTF-16
  // units, so a 300-emoji title passed validation and the save failed with a 500.
  it('accepts a title of 300 emoji (code points, as the contract counts) and refuses 301', async () => {
    const post = await createPost(alice, textPost(community, '😀'.repeat(300)));
    expect([...post.title]).toHaveLength(300);
    const res = await h.call('POST', '/api/posts', {
      as: alice,
      body: textPost(community, '😀'.repeat(301)),
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Title must be at most 300 characters long');
  });

  it('only lets members post (403) and 404s an unknown community', async () => {
    const res = await h.call('POST', '/api/posts', { as: bob, body: textPost(community) });
    expect(res).toEqual({
      status: 403,
      body: { error: 'You must be a member of this community to post' },
    });
    const missing = await h.call('POST', '/api/posts', {
      as: alice,
      body: textPost('64b7f0c2a1b2c3d4e5f60799'),
    });
    expect(missing.status).toBe(404);
    expect((await h.call('POST', '/api/posts', { body: textPost(community) })).status).toBe(401);
  });
});

describe('listing posts', () => {
  let c2: string;
  let carol: TestUser;
  const titles = (posts: Post[]) => posts.map((p) => p.title);

  beforeAll(async () => {
    carol = await h.user('carol');
    c2 = CommunityResponse.parse(
      (
        await h.call('POST', '/api/communities', {
          as: carol,
          body: communityBody(uniqueName('feed')),
        })
      ).body,
    ).community.id;
    for (const t of ['feed one', 'feed two', 'feed three'])
      await createPost(carol, textPost(c2, t));
  });

  it('lists a community newest first with pagination, and by author', async () => {
    const res = ListPostsResponse.parse(
      (await h.call('GET', `/api/posts?community_id=${c2}&limit=2`)).body,
    );
    expect(titles(res.posts)).toEqual(['feed three', 'feed two']);
    expect(res.pagination).toEqual({ hasMore: true, total: 3 });
    const byAuthor = ListPostsResponse.parse(
      (await h.call('GET', `/api/posts?author_id=${carol.id}&sort=top`)).body,
    );
    expect(byAuthor.pagination.total).toBe(3);
  });

  it('orders top and hot by votes', async () => {
    const posts = ListPostsResponse.parse(
      (await h.call('GET', `/api/posts?community_id=${c2}`)).body,
    ).posts;
    const oldest = posts[2]!;
    await h.call('POST', `/api/posts/${oldest.id}/vote`, { as: alice, body: { vote_type: 1 } });
    await h.call('POST', `/api/posts/${oldest.id}/vote`, { as: bob, body: { vote_type: 1 } });
    const top = ListPostsResponse.parse(
      (await h.call('GET', `/api/posts?community_id=${c2}&sort=top`)).body,
    );
    expect(top.posts[0]?.id).toBe(oldest.id);
    const hot = ListPostsResponse.parse(
      (await h.call('GET', `/api/posts?community_id=${c2}&sort=hot`)).body,
    );
    expect(hot.posts[0]?.id).toBe(oldest.id);
    const stored = await h.models.Post.findById(oldest.id).lean();
    expect(stored?.score).toBe(2);
  });

  it('serves the joined feed to signed-in users only, merged across communities', async () => {
    const dave = await h.user('dave');
    expect((await h.call('GET', '/api/posts?feed=joined')).status).toBe(401);
    const empty = ListPostsResponse.parse(
      (await h.call('GET', '/api/posts?feed=joined', { as: dave })).body,
    );
    expect(empty).toEqual({ posts: [], pagination: { hasMore: false, total: 0 } });
    await h.call('POST', `/api/communities/${c2}/join`, { as: dave });
    await h.call('POST', `/api/communities/${community}/join`, { as: dave });
    const feed = ListPostsResponse.parse(
      (await h.call('GET', '/api/posts?feed=joined&sort=new&limit=100', { as: dave })).body,
    );
    const expected = await h.models.Post.countDocuments({ community_id: { $in: [c2, community] } });
    expect(feed.pagination.total).toBe(expected);
    const stamps = feed.posts.map((p) => p.created_at);
    expect([...stamps].sort().reverse()).toEqual(stamps);
    expect(new Set(feed.posts.map((p) => p.community_id))).toEqual(new Set([c2, community]));
  });

  it('refuses mixing filters', async () => {
    const res = await h.call('GET', `/api/posts?community_id=${c2}&author_id=${carol.id}`);
    expect(res.status).toBe(400);
  });

  it('carries the caller’s vote, save and reaction on every list item and the detail', async () => {
    const post = await createPost(carol, textPost(c2, 'stateful'));
    await h.call('POST', `/api/posts/${post.id}/vote`, { as: bob, body: { vote_type: -1 } });
    await h.call('POST', `/api/posts/${post.id}/save`, { as: bob });
    await h.call('POST', `/api/posts/${post.id}/reactions`, {
      as: bob,
      body: { reaction_type: 'wow' },
    });
    const list = ListPostsResponse.parse(
      (await h.call('GET', `/api/posts?community_id=${c2}`, { as: bob })).body,
    );
    expect(list.posts[0]).toMatchObject({
      id: post.id,
      user_vote: -1,
      is_saved: true,
      user_reaction: 'wow',
      total_reactions: 1,
      score: -1,
    });
    expect(list.posts[1]).toMatchObject({ is_saved: false, user_reaction: null });
    const detail = PostResponse.parse(
      (await h.call('GET', `/api/posts/${post.id}`, { as: bob })).body,
    );
    expect(detail.post).toMatchObject({ user_vote: -1, is_saved: true, user_reaction: 'wow' });
    const anon = PostResponse.parse((await h.call('GET', `/api/posts/${post.id}`)).body);
    expect(anon.post).toMatchObject({ user_vote: null, is_saved: false, user_reaction: null });
  });
});

describe('editing and deleting posts', () => {
  it('lets only the author edit, with the same rules', async () => {
    const post = await createPost(alice, textPost(community, 'editable'));
    const denied = await h.call('PUT', `/api/posts/${post.id}`, {
      as: bob,
      body: { title: 'hijack', content: 'x' },
    });
    expect(denied).toEqual({
      status: 403,
      body: { error: 'You do not have permission to edit this post' },
    });
    const empty = await h.call('PUT', `/api/posts/${post.id}`, {
      as: alice,
      body: { title: '  ', content: 'x' },
    });
    expect(empty.body.error).toBe('Title is required');
    const ok = await h.call('PUT', `/api/posts/${post.id}`, {
      as: alice,
      body: {
        title: 'edited <i>title</i>',
        content: 'new body',
        type: 'text',
        community_id: community,
      },
    });
    expect(PostResponse.parse(ok.body).post).toMatchObject({
      title: 'edited title',
      content: 'new body',
    });
    const noContent = await h.call('PUT', `/api/posts/${post.id}`, {
      as: alice,
      body: { title: 'x', content: '' },
    });
    expect(noContent.body.error).toBe('Content is required for text posts');
  });

  it('keeps a link post a valid link on edit', async () => {
    const post = await createPost(alice, {
      title: 'l',
      type: 'link',
      content: 'https://example.com',
      community_id: community,
    });
    const bad = await h.call('PUT', `/api/posts/${post.id}`, {
      as: alice,
      body: { title: 'l', content: 'javascript:alert(1)' },
    });
    expect(bad.body.error).toBe('Please provide a valid URL for link posts');
  });

  it('lets only the author delete, removing votes, reactions, saves and subscriptions', async () => {
    const post = await createPost(alice, textPost(community, 'doomed'));
    const before = (await h.models.Community.findById(community).lean())!.post_count;
    await h.call('POST', `/api/posts/${post.id}/vote`, { as: alice, body: { vote_type: 1 } });
    await h.call('POST', `/api/posts/${post.id}/save`, { as: bob });
    await h.call('POST', `/api/posts/${post.id}/reactions`, {
      as: bob,
      body: { reaction_type: 'sad' },
    });
    await h.call('POST', `/api/post-subscriptions/${post.id}`, { as: bob });
    const denied = await h.call('DELETE', `/api/posts/${post.id}`, { as: bob });
    expect(denied).toEqual({
      status: 403,
      body: { error: 'You do not have permission to delete this post' },
    });
    expect((await h.call('DELETE', `/api/posts/${post.id}`, { as: alice })).status).toBe(200);
    expect(await h.call('GET', `/api/posts/${post.id}`)).toEqual({
      status: 404,
      body: { error: 'Post not found' },
    });
    for (const model of [
      h.models.PostVote,
      h.models.PostSave,
      h.models.PostReaction,
      h.models.PostSubscription,
    ]) {
      expect(await (model as typeof h.models.PostVote).countDocuments({ post_id: post.id })).toBe(
        0,
      );
    }
    expect((await h.models.Community.findById(community).lean())!.post_count).toBe(before - 1);
    expect((await h.call('DELETE', `/api/posts/${post.id}`, { as: alice })).status).toBe(404);
  });
});

describe('profile lists', () => {
  it('lists my posts and a user’s posts by username, 404 for an unknown one', async () => {
    const erin = await h.user('Erin');
    await h.call('POST', `/api/communities/${community}/join`, { as: erin });
    await createPost(erin, textPost(community, 'erin 1'));
    await createPost(erin, textPost(community, 'erin 2'));
    const mine = ListPostsResponse.parse(
      (await h.call('GET', '/api/auth/me/posts?limit=1', { as: erin })).body,
    );
    expect(mine.posts.map((p) => p.title)).toEqual(['erin 2']);
    expect(mine.pagination).toEqual({ hasMore: true, total: 2 });
    // The directory knows Erin from the token's claims, before any identity event.
    const theirs = ListPostsResponse.parse(
      (await h.call('GET', '/api/auth/user/erin/posts?sortBy=top')).body,
    );
    expect(theirs.pagination.total).toBe(2);
    expect(await h.call('GET', '/api/auth/user/nobody_here/posts')).toEqual({
      status: 404,
      body: { error: 'User not found' },
    });
    expect((await h.call('GET', '/api/auth/me/posts')).status).toBe(401);
  });
});
