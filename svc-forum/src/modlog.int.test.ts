import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModlogResponse, PostTexts } from '@forum/contracts';
import { startHarness, type Harness, type TestUser } from './test-support/harness.js';
import { ban, known, newComment, newCommunity, newPost, ok } from './test-support/moderation.js';

let h: Harness;
let owner: TestUser;
let reader: TestUser;
let sfw: { id: string; name: string };
let nsfw: { id: string; name: string };

beforeAll(async () => {
  h = await startHarness();
  [owner, reader] = [await h.user(), await h.user()];
  await known(h, owner!, reader!);
  sfw = await newCommunity(h, owner!);
  nsfw = await newCommunity(h, owner!, { is_nsfw: true });
  for (const c of [sfw, nsfw]) {
    const p = await newPost(h, owner!, c.id, `Title in ${c.name}`);
    const cm = await newComment(h, owner!, p.id);
    await ok(h, 200, 'POST', `/api/posts/${p.id}/lock`, { as: owner });
    await ok(h, 200, 'POST', `/api/comments/${cm.id}/remove`, {
      as: owner,
      body: { reason: `Comment rule in ${c.name}` },
    });
    await ok(h, 200, 'POST', `/api/posts/${p.id}/remove`, {
      as: owner,
      body: { reason: `Post rule in ${c.name}` },
    });
    await ban(h, owner!, c.id, reader!, { days: 2 });
  }
});
afterAll(async () => h?.stop());

const log = async (path: string, as?: TestUser) => {
  const res = await h.call('GET', path, as ? { as } : {});
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return ModlogResponse.parse(res.body);
};

describe("a community's log (EXTENSIONS §M3)", () => {
  it('is public, newest first, each entry naming its moderator', async () => {
    const { entries, pagination } = await log(`/api/communities/${sfw.id}/modlog`);
    expect(entries.map((e) => e.action)).toEqual([
      'ban_user',
      'remove_post',
      'remove_comment',
      'lock_post',
    ]);
    expect(pagination).toEqual({ total: 4, hasMore: false });
    expect(entries.every((e) => e.moderator_username === owner.username)).toBe(true);
    expect(entries[1]).toMatchObject({
      community_id: sfw.id,
      community_name: sfw.name,
      target_type: 'post',
      target_title: `Title in ${sfw.name}`,
      target_username: owner.username,
      reason: `Post rule in ${sfw.name}`,
      expires_at: null,
    });
    expect(entries[0]!.expires_at).toEqual(expect.any(String));
  });

  it('filters by action and pages with limit and offset', async () => {
    const only = await log(`/api/communities/${sfw.id}/modlog?action=remove_comment`);
    expect(only.entries.map((e) => e.action)).toEqual(['remove_comment']);
    const page = await log(`/api/communities/${sfw.id}/modlog?limit=2&offset=1`);
    expect(page.entries.map((e) => e.action)).toEqual(['remove_post', 'remove_comment']);
    expect(page.pagination).toEqual({ total: 4, hasMore: true });
    const bad = await h.call('GET', `/api/communities/${sfw.id}/modlog?action=nuke_everything`);
    expect(bad.status).toBe(400);
    // The broken rule's own text is the error, as for bodies.
    expect(bad.body.details).toEqual([bad.body.error]);
  });

  it("keeps an NSFW community's log for signed-in users, like its posts", async () => {
    const visitor = await h.call('GET', `/api/communities/${nsfw.id}/modlog`);
    expect(visitor).toEqual({ status: 403, body: { error: PostTexts.nsfwSignUp } });
    expect((await log(`/api/communities/${nsfw.id}/modlog`, reader)).entries).toHaveLength(4);
  });

  it('answers 404 for a community that does not exist', async () => {
    const res = await h.call('GET', `/api/communities/${'c'.repeat(24)}/modlog`);
    expect(res).toEqual({ status: 404, body: { error: 'Community not found' } });
  });
});

describe('the site-wide log (EXTENSIONS §M3)', () => {
  it("holds every community's entries; visitors do not get NSFW communities'", async () => {
    const signedIn = await log('/api/modlog?limit=100', reader);
    expect(signedIn.pagination.total).toBe(8);
    expect(new Set(signedIn.entries.map((e) => e.community_id))).toEqual(
      new Set([sfw.id, nsfw.id]),
    );
    const visitor = await log('/api/modlog?limit=100');
    expect(visitor.entries.map((e) => e.community_id)).toEqual(Array(4).fill(sfw.id));
    expect(visitor.pagination.total).toBe(4);
    const bans = await log('/api/modlog?action=ban_user', reader);
    expect(bans.entries.map((e) => e.community_name)).toEqual([nsfw.name, sfw.name]);
  });
});
