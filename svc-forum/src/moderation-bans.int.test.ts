import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BanResponse,
  ListBansResponse,
  MembershipResponse,
  ModerationTexts as T,
} from '@forum/contracts';
import type { Harness, TestUser } from './test-support/harness.js';
import {
  ban,
  join,
  known,
  modlog,
  startModeration,
  newComment,
  newCommunity,
  newPost,
  ok,
  type ModWorld,
} from './test-support/moderation.js';

let h: Harness;
let admin: TestUser;
let w: ModWorld;
beforeAll(async () => {
  ({ h, admin, w } = await startModeration());
});
afterAll(async () => h?.stop());

const DAY = 24 * 3600 * 1000;
const banned = { error: T.banned };
const membership = async (as: TestUser, community = w.community.id) =>
  MembershipResponse.parse(
    await ok(h, 200, 'GET', `/api/communities/${community}/membership`, { as }),
  );

/** Every write §M2 refuses a banned user, against `community` (its post and comment). */
async function writesOf(user: TestUser, community: string, post: string, comment: string) {
  return {
    post: await h.call('POST', '/api/posts', {
      as: user,
      body: { title: 'Hi', content: 'x', type: 'text', community_id: community },
    }),
    comment: await h.call('POST', '/api/comments', {
      as: user,
      body: { content: 'Hi', post_id: post },
    }),
    reply: await h.call('POST', '/api/comments', {
      as: user,
      body: { content: 'Hi', post_id: post, parent_id: comment },
    }),
    votePost: await h.call('POST', `/api/posts/${post}/vote`, { as: user, body: { vote_type: 1 } }),
    voteComment: await h.call('POST', `/api/comments/${comment}/vote`, {
      as: user,
      body: { vote_type: -1 },
    }),
    react: await h.call('POST', `/api/posts/${post}/reactions`, {
      as: user,
      body: { reaction_type: 'wow' },
    }),
    join: await h.call('POST', `/api/communities/${community}/join`, { as: user }),
  };
}

describe('bans (EXTENSIONS §M2)', () => {
  it('bans for `days` or for good, with the moderator and a log entry to appeal', async () => {
    const [u1, u2] = [await h.user(), await h.user()];
    const before = Date.now();
    const timed = BanResponse.parse(await ban(h, w.moderator, w.community.id, u1, { days: 7 })).ban;
    expect(timed).toMatchObject({
      user_id: u1.id,
      username: u1.username,
      reason: 'Spamming the community',
      moderator_username: w.moderator.username,
    });
    const ends = new Date(timed.expires_at!).getTime();
    expect(ends).toBeGreaterThanOrEqual(before + 7 * DAY);
    expect(ends).toBeLessThanOrEqual(Date.now() + 7 * DAY);
    const forever = BanResponse.parse(await ban(h, w.owner, w.community.id, u2)).ban;
    expect(forever.expires_at).toBeNull();

    const [second, first] = await modlog(h, w.community.id);
    expect(first).toMatchObject({
      action: 'ban_user',
      target_type: 'user',
      target_id: u1.id,
      target_username: u1.username,
      expires_at: timed.expires_at,
      moderator_username: w.moderator.username,
    });
    expect(second).toMatchObject({ action: 'ban_user', target_id: u2.id, expires_at: null });
    // The banned user sees their ban on the membership (the banner, the appeal's modlog_id).
    expect((await membership(u1)).ban).toEqual({
      reason: 'Spamming the community',
      expires_at: timed.expires_at,
      modlog_id: first!.id,
    });
    expect((await membership(w.member)).ban).toBeNull();
  });

  it("refuses a banned user's writes in that community, nowhere else, and keeps their content", async () => {
    const [user] = [await h.user()];
    await join(h, user!, w.community.id);
    const own = await newPost(h, user!, w.community.id);
    const other = await newCommunity(h, w.otherMod);
    const otherPost = await newPost(h, w.otherMod, other.id);
    const otherComment = await newComment(h, w.otherMod, otherPost.id);
    await ban(h, w.owner, w.community.id, user!, { days: 1 });
    const refused = await writesOf(user!, w.community.id, w.post, w.comment);
    for (const [what, res] of Object.entries(refused)) {
      expect({ what, ...res }).toEqual({ what, status: 403, body: banned });
    }
    // Elsewhere everything works; here reading, saving and leaving still do.
    await join(h, user!, other.id);
    const allowed = await writesOf(user!, other.id, otherPost.id, otherComment.id);
    expect(
      Object.fromEntries(Object.entries(allowed).map(([what, res]) => [what, res.status])),
    ).toEqual({
      post: 201,
      comment: 201,
      reply: 201,
      votePost: 200,
      voteComment: 200,
      react: 200,
      join: 200,
    });
    await ok(h, 200, 'GET', `/api/posts/${own.id}`, { as: user });
    await ok(h, 200, 'POST', `/api/posts/${w.post}/save`, { as: user });
    expect((await membership(user!)).isMember).toBe(true);
    await ok(h, 200, 'POST', `/api/communities/${w.community.id}/leave`, { as: user });
    // A banned non-member cannot join again.
    expect(await h.call('POST', `/api/communities/${w.community.id}/join`, { as: user })).toEqual({
      status: 403,
      body: banned,
    });
  });

  it('cannot ban the owner, a moderator or the admin (400); unknown users are 404', async () => {
    for (const target of [w.owner, w.moderator, admin]) {
      await known(h, target);
      const res = await h.call('POST', `/api/communities/${w.community.id}/bans`, {
        as: target === w.owner ? admin : w.owner,
        body: { username: target.username.toUpperCase(), reason: 'No' },
      });
      expect(res, target.username).toEqual({ status: 400, body: { error: T.cannotBanModerator } });
    }
    const res = await h.call('POST', `/api/communities/${w.community.id}/bans`, {
      as: w.owner,
      body: { username: 'nobody_by_that_name', reason: 'No' },
    });
    expect(res).toEqual({ status: 404, body: { error: 'User not found' } });
  });

  it('validates days (1-3650, whole) and the reason; a second ban is 409', async () => {
    const user = await h.user();
    await known(h, user);
    const path = `/api/communities/${w.community.id}/bans`;
    for (const [days, text] of [
      [0, 'A ban lasts 1 to 3650 days'],
      [3651, 'A ban lasts 1 to 3650 days'],
      [1.5, 'Days must be a whole number'],
    ] as const) {
      const res = await h.call('POST', path, {
        as: w.owner,
        body: { username: user.username, reason: 'R', days },
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: text });
    }
    const noReason = await h.call('POST', path, { as: w.owner, body: { username: user.username } });
    expect(noReason.body).toMatchObject({ error: T.reasonRequired });
    await ban(h, w.owner, w.community.id, user, { days: 3650 });
    const again = await h.call('POST', path, {
      as: w.moderator,
      body: { username: user.username, reason: 'Again' },
    });
    expect(again).toEqual({ status: 409, body: { error: T.alreadyInEffect } });
  });

  it('ends by itself when it expires (checked against the clock, before any sweep)', async () => {
    const user = await h.user();
    await join(h, user, w.community.id);
    await ban(h, w.owner, w.community.id, user, { days: 1 });
    expect((await writesOf(user, w.community.id, w.post, w.comment)).post.status).toBe(403);
    // The day has passed: move the end into the past, as the clock would.
    await h.models.Ban.updateOne(
      { community_id: w.community.id, user_id: user.id },
      { $set: { expires_at: new Date(Date.now() - 1000) } },
    );
    const after = await writesOf(user, w.community.id, w.post, w.comment);
    expect(after.post.status).toBe(201);
    expect(after.comment.status).toBe(201);
    expect((await membership(user)).ban).toBeNull();
    const list = ListBansResponse.parse(
      await ok(h, 200, 'GET', `/api/communities/${w.community.id}/bans?limit=100`, { as: w.owner }),
    );
    expect(list.bans.map((b) => b.user_id)).not.toContain(user.id);
    // Lifting an expired ban finds none; banning again replaces the expired one.
    const lift = await h.call('DELETE', `/api/communities/${w.community.id}/bans/${user.id}`, {
      as: w.owner,
    });
    expect(lift).toEqual({ status: 404, body: { error: T.notBanned } });
    await ban(h, w.owner, w.community.id, user);
  });

  it('lists active bans newest first to moderators, with pagination', async () => {
    const c = await newCommunity(h, w.owner);
    const users = [await h.user(), await h.user(), await h.user()];
    for (const u of users) await ban(h, w.owner, c.id, u);
    const page = async (offset: number) =>
      ListBansResponse.parse(
        await ok(h, 200, 'GET', `/api/communities/${c.id}/bans?limit=2&offset=${offset}`, {
          as: admin,
        }),
      );
    const first = await page(0);
    expect(first.bans.map((b) => b.user_id)).toEqual([users[2]!.id, users[1]!.id]);
    expect(first.pagination).toEqual({ total: 3, hasMore: true });
    const second = await page(2);
    expect(second.bans.map((b) => b.user_id)).toEqual([users[0]!.id]);
    expect(second.pagination).toEqual({ total: 3, hasMore: false });
  });

  it('unban lifts it at once and is logged; a user who is not banned is 404', async () => {
    const user = await h.user();
    await join(h, user, w.community.id);
    await ban(h, w.owner, w.community.id, user);
    await ok(h, 200, 'DELETE', `/api/communities/${w.community.id}/bans/${user.id}`, {
      as: w.moderator,
    });
    expect((await writesOf(user, w.community.id, w.post, w.comment)).post.status).toBe(201);
    expect((await modlog(h, w.community.id))[0]).toMatchObject({
      action: 'unban_user',
      target_id: user.id,
      target_username: user.username,
      moderator_username: w.moderator.username,
    });
    const again = await h.call('DELETE', `/api/communities/${w.community.id}/bans/${user.id}`, {
      as: w.moderator,
    });
    expect(again).toEqual({ status: 404, body: { error: T.notBanned } });
  });
});
