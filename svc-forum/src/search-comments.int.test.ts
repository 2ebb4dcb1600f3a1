import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommentSearchHit } from '@forum/contracts';
import { startHarness, uniqueName, type Harness, type TestUser } from './test-support/harness.js';
import {
  appoint,
  known,
  newComment,
  newCommunity,
  newPost,
  ok,
} from './test-support/moderation.js';
import { appeal, decide } from './test-support/reports.js';
import { searchCall, searchComments, uniqueWord } from './test-support/search.js';

/**
 * EXTENSIONS §S, comments: every word, where each hit lives (post title, community name),
 * highlights; never deleted ones nor those under removed or deleted posts; NSFW and removed
 * comments as the lists show them.
 */
let h: Harness;
let author: TestUser;
let reader: TestUser;
let moderator: TestUser;
let admin: TestUser;
let community: { id: string; name: string };
let postId: string;
let postTitle: string;

beforeAll(async () => {
  h = await startHarness();
  [author, reader, moderator] = await Promise.all([h.user(), h.user(), h.user()]);
  admin = await h.user('admin', { isAdmin: true });
  await known(h, author, reader, moderator, admin);
  community = await newCommunity(h, author);
  await appoint(h, author, community.id, moderator);
  const post = await newPost(h, author, community.id);
  postId = post.id;
  postTitle = post.title;
}, 60_000);
afterAll(async () => h?.stop());

const ids = (hits: CommentSearchHit[]) => hits.map((c) => c.id);
const found = async (q: string, as?: TestUser) =>
  ids((await searchComments(h, { q }, as)).comments);
const say = async (content: string, post = postId, as = author) =>
  (await newComment(h, as, post, content)).id;

describe('matching and what a hit carries', () => {
  it('requires every word, stemmed, case- and accent-insensitively', async () => {
    const w = uniqueWord();
    const both = await say(`${w} Cafés are running late`);
    await say(`${w} nothing more`);
    expect(await found(`${w} cafe runs`)).toEqual([both]);
  });

  it('carries its post title, community name and the matched ranges of its content', async () => {
    const w = uniqueWord();
    const content = `Try the "${w}" bakery, its bread is good`;
    const id = await say(content);
    const [hit] = (await searchComments(h, { q: `${w} breads` })).comments;
    expect(hit).toMatchObject({
      id,
      post_id: postId,
      post_title: postTitle,
      community_name: community.name,
      content,
    });
    expect(hit!.highlights.content.map(([s, e]) => content.slice(s, e))).toEqual([w, 'bread']);
  });

  it('phrases and exclusions', async () => {
    const w = uniqueWord();
    const phrase = await say(`${w} a fresh loaf today`);
    const other = await say(`${w} the loaf is fresh`);
    expect(await found(`${w} "fresh loaf"`)).toEqual([phrase]);
    expect(await found(`${w} -"fresh loaf"`)).toEqual([other]);
    expect(await found(`${w} -today`)).toEqual([other]);
  });

  it('finds edits: the new words, not the old ones', async () => {
    const before = uniqueWord();
    const after = uniqueWord();
    const id = await say(`${before} first draft`);
    await ok(h, 200, 'PUT', `/api/comments/${id}`, { as: author, body: { content: after } });
    expect(await found(before)).toEqual([]);
    expect(await found(after)).toEqual([id]);
  });
});

describe('sorts, pages and the community filter', () => {
  it('new and top', async () => {
    const w = uniqueWord();
    const older = await say(`${w} older`);
    const newer = await say(`${w} newer`);
    await ok(h, 200, 'POST', `/api/comments/${older}/vote`, {
      as: reader,
      body: { vote_type: 1 },
    });
    expect(ids((await searchComments(h, { q: w, sort: 'new' })).comments)).toEqual([newer, older]);
    expect(ids((await searchComments(h, { q: w, sort: 'top' })).comments)).toEqual([older, newer]);
  });

  it('limit, offset, total and hasMore', async () => {
    const w = uniqueWord();
    for (let i = 0; i < 3; i++) await say(`${w} ${i}`);
    const page = await searchComments(h, { q: w, limit: 2, offset: 1 });
    expect(page.comments).toHaveLength(2);
    expect(page.pagination).toEqual({ total: 3, hasMore: false });
    expect((await searchCall(h, 'comments', { q: w, limit: 51 })).status).toBe(400);
  });

  it('narrows to one community; an unknown one is 404', async () => {
    const w = uniqueWord();
    const other = await newCommunity(h, author);
    const there = await newPost(h, author, other.id);
    const here = await say(`${w} here`);
    await say(`${w} there`, there.id);
    expect(ids((await searchComments(h, { q: w, community: community.name })).comments)).toEqual([
      here,
    ]);
    const res = await searchCall(h, 'comments', { q: w, community: uniqueName('none') });
    expect(res).toMatchObject({ status: 404, body: { error: 'Community not found' } });
  });
});

describe('who sees what', () => {
  it('NSFW comments are left out for visitors', async () => {
    const w = uniqueWord();
    const nsfw = await newCommunity(h, author, { is_nsfw: true });
    const post = await newPost(h, author, nsfw.id);
    const id = await say(`${w} adult`, post.id);
    expect(await found(w)).toEqual([]);
    expect(await found(w, reader)).toEqual([id]);
  });

  it("removed comments: only the community's moderators and the admin find them", async () => {
    const w = uniqueWord();
    const id = await say(`${w} rude words`);
    await ok(h, 200, 'POST', `/api/comments/${id}/remove`, {
      as: moderator,
      body: { reason: 'Rude to others' },
    });
    expect(await found(w)).toEqual([]);
    expect(await found(w, reader)).toEqual([]);
    for (const who of [moderator, admin]) {
      const [hit] = (await searchComments(h, { q: w }, who)).comments;
      expect(hit).toMatchObject({ id, removed: true, content: `${w} rude words` });
    }
  });

  it('deleted comments are never found', async () => {
    const w = uniqueWord();
    const id = await say(`${w} regret`);
    await ok(h, 200, 'DELETE', `/api/comments/${id}`, { as: author });
    expect(await found(w, admin)).toEqual([]);
  });

  it('comments under a removed post are never found (nor its title)', async () => {
    const w = uniqueWord();
    const post = await newPost(h, author, community.id);
    await say(`${w} under removed`, post.id);
    await ok(h, 200, 'POST', `/api/posts/${post.id}/remove`, {
      as: moderator,
      body: { reason: 'Off topic here' },
    });
    for (const who of [undefined, reader, moderator, admin])
      expect(await found(w, who)).toEqual([]);
    await ok(h, 200, 'POST', `/api/posts/${post.id}/restore`, { as: moderator, body: {} });
    expect(await found(w)).toHaveLength(1);
  });

  it('comments come back with their post when a removal is overturned on appeal', async () => {
    const w = uniqueWord();
    const post = await newPost(h, author, community.id);
    const id = await say(`${w} appealed`, post.id);
    const removed = await ok<{ post: { removal_modlog_id: string } }>(
      h,
      200,
      'POST',
      `/api/posts/${post.id}/remove`,
      { as: moderator, body: { reason: 'Looks like spam' } },
    );
    expect(await found(w)).toEqual([]);
    const filed = await appeal(h, author, removed.post.removal_modlog_id);
    expect((await decide(h, admin, filed.id, 'overturn')).status).toBe(200);
    expect(await found(w)).toEqual([id]);
  });

  it('a comment written under a post already removed is not found either', async () => {
    const w = uniqueWord();
    const post = await newPost(h, author, community.id);
    await ok(h, 200, 'POST', `/api/posts/${post.id}/remove`, {
      as: moderator,
      body: { reason: 'Off topic here' },
    });
    await say(`${w} late reply`, post.id, moderator);
    expect(await found(w, admin)).toEqual([]);
  });

  it('comments under a deleted post are never found', async () => {
    const w = uniqueWord();
    const post = await newPost(h, author, community.id);
    await say(`${w} under deleted`, post.id);
    await ok(h, 200, 'DELETE', `/api/posts/${post.id}`, { as: author });
    expect(await found(w, admin)).toEqual([]);
  });

  it('q with operators and regex metacharacters is plain text', async () => {
    for (const q of ['.*', '$where', '{"$gt":1}', '(a|b)']) {
      expect((await searchCall(h, 'comments', { q })).status, q).toBe(200);
    }
  });
});
