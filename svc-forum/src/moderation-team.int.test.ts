import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CommunityTexts,
  ListMembersResponse,
  MembershipResponse,
  ModerationTexts as T,
  ModeratorResponse,
  ModeratorsResponse,
} from '@forum/contracts';
import { startHarness, type Harness, type TestUser } from './test-support/harness.js';
import { appoint, ban, join, known, modlog, newCommunity, ok } from './test-support/moderation.js';
import { backfillModeration } from './use-cases/backfill-moderation.js';

let h: Harness;
let admin: TestUser;
let owner: TestUser;
beforeAll(async () => {
  h = await startHarness();
  admin = await h.user('admin', { isAdmin: true });
  owner = await h.user();
  await known(h, owner, admin);
});
afterAll(async () => h?.stop());

const team = async (community: string) =>
  ModeratorsResponse.parse(await ok(h, 200, 'GET', `/api/communities/${community}/moderators`))
    .moderators;
const membership = async (as: TestUser, community: string) =>
  MembershipResponse.parse(
    await ok(h, 200, 'GET', `/api/communities/${community}/membership`, { as }),
  );

describe('the team (EXTENSIONS §M1)', () => {
  it('makes the creator the owner, listed first, and reports them as moderator and owner', async () => {
    const c = await newCommunity(h, owner);
    const [seat] = await team(c.id);
    expect(seat).toMatchObject({
      user_id: owner.id,
      username: owner.username,
      role: 'owner',
      source: 'creator',
      term_ends_at: null,
      avatar_url: null,
    });
    expect(await membership(owner, c.id)).toEqual({
      isMember: true,
      isModerator: true,
      isOwner: true,
      ban: null,
    });
  });

  it('lets the owner appoint a member: listed after the owner, in the member list, logged', async () => {
    const c = await newCommunity(h, owner);
    const mod = await h.user();
    await known(h, mod);
    await h.models.DirectoryUser.updateOne({ _id: mod.id }, { $set: { avatar_url: '/a.webp' } });
    await join(h, mod, c.id);
    const res = await ok(h, 201, 'POST', `/api/communities/${c.id}/moderators`, {
      as: owner,
      body: { username: mod.username.toUpperCase() },
    });
    expect(ModeratorResponse.parse(res).moderator).toMatchObject({
      user_id: mod.id,
      username: mod.username,
      role: 'moderator',
      source: 'appointed',
      avatar_url: '/a.webp',
    });
    expect((await team(c.id)).map((m) => [m.username, m.role])).toEqual([
      [owner.username, 'owner'],
      [mod.username, 'moderator'],
    ]);
    expect(await membership(mod, c.id)).toMatchObject({ isModerator: true, isOwner: false });
    const members = ListMembersResponse.parse(
      await ok(h, 200, 'GET', `/api/communities/${c.id}/members`),
    ).members;
    expect(members.find((m) => m.user_id === mod.id)?.is_moderator).toBe(true);
    expect((await modlog(h, c.id))[0]).toMatchObject({
      action: 'add_moderator',
      target_type: 'user',
      target_id: mod.id,
      target_username: mod.username,
      moderator_username: owner.username,
    });
  });

  it('appoints members only (not outsiders, unknown or banned users); twice is 409', async () => {
    const c = await newCommunity(h, owner);
    const [outsider, bannedOne, mod] = [await h.user(), await h.user(), await h.user()];
    await known(h, outsider, bannedOne);
    await join(h, bannedOne, c.id);
    await ban(h, owner, c.id, bannedOne);
    for (const username of [outsider.username, bannedOne.username, 'no_such_user_here']) {
      const res = await h.call('POST', `/api/communities/${c.id}/moderators`, {
        as: owner,
        body: { username },
      });
      expect(res, username).toEqual({ status: 400, body: { error: T.notMember } });
    }
    await appoint(h, owner, c.id, mod);
    for (const username of [mod.username, owner.username]) {
      const res = await h.call('POST', `/api/communities/${c.id}/moderators`, {
        as: admin,
        body: { username },
      });
      expect(res).toEqual({ status: 409, body: { error: T.alreadyModerator } });
    }
  });

  it('removes a moderator (owner or admin), lets a moderator step down, never the owner', async () => {
    const c = await newCommunity(h, owner);
    const [a, b, cc] = [await h.user(), await h.user(), await h.user()];
    for (const u of [a, b, cc]) await appoint(h, owner, c.id, u);
    // A moderator cannot remove another.
    const refused = await h.call('DELETE', `/api/communities/${c.id}/moderators/${b.id}`, {
      as: a,
    });
    expect(refused).toEqual({ status: 403, body: { error: T.forbidden } });
    await ok(h, 200, 'DELETE', `/api/communities/${c.id}/moderators/${a.id}?reason=Inactive`, {
      as: owner,
    });
    await ok(h, 200, 'DELETE', `/api/communities/${c.id}/moderators/${b.id}`, { as: b });
    await ok(h, 200, 'DELETE', `/api/communities/${c.id}/moderators/${cc.id}`, { as: admin });
    expect((await team(c.id)).map((m) => m.user_id)).toEqual([owner.id]);
    expect(await membership(a, c.id)).toMatchObject({ isMember: true, isModerator: false });
    const log = await modlog(h, c.id);
    expect(
      log.slice(0, 3).map((e) => [e.action, e.moderator_username, e.target_username, e.reason]),
    ).toEqual([
      ['remove_moderator', 'admin', cc.username, null],
      ['remove_moderator', b.username, b.username, null],
      ['remove_moderator', owner.username, a.username, 'Inactive'],
    ]);
    const ownerGone = await h.call('DELETE', `/api/communities/${c.id}/moderators/${owner.id}`, {
      as: admin,
    });
    expect(ownerGone).toEqual({ status: 400, body: { error: T.ownerCannotBeRemoved } });
    const notOne = await h.call('DELETE', `/api/communities/${c.id}/moderators/${a.id}`, {
      as: owner,
    });
    expect(notOne).toEqual({ status: 404, body: { error: T.notModerator } });
  });

  it('hands ownership to a moderator: the rights and the leaving rule move with it', async () => {
    const c = await newCommunity(h, owner);
    const [heir, member] = [await h.user(), await h.user()];
    await appoint(h, owner, c.id, heir);
    await known(h, member);
    await join(h, member, c.id);
    const notMod = await h.call('POST', `/api/communities/${c.id}/owner`, {
      as: owner,
      body: { username: member.username },
    });
    expect(notMod).toEqual({ status: 400, body: { error: T.notModerator } });
    const byModerator = await h.call('POST', `/api/communities/${c.id}/owner`, {
      as: heir,
      body: { username: heir.username },
    });
    expect(byModerator).toEqual({ status: 403, body: { error: T.forbidden } });

    const handed = ModeratorsResponse.parse(
      await ok(h, 200, 'POST', `/api/communities/${c.id}/owner`, {
        as: owner,
        body: { username: heir.username },
      }),
    ).moderators;
    expect(handed.map((m) => [m.user_id, m.role])).toEqual([
      [heir.id, 'owner'],
      [owner.id, 'moderator'],
    ]);
    expect((await modlog(h, c.id))[0]).toMatchObject({
      action: 'transfer_ownership',
      target_username: heir.username,
      moderator_username: owner.username,
    });
    // The new owner edits and cannot leave; the old one no longer edits and may leave.
    const edit = { description: 'New description here', rules: 'New rules' };
    await ok(h, 200, 'PUT', `/api/communities/${c.id}`, { as: heir, body: edit });
    const oldOwner = await h.call('PUT', `/api/communities/${c.id}`, { as: owner, body: edit });
    expect(oldOwner).toEqual({ status: 403, body: { error: CommunityTexts.cannotEdit } });
    const stay = await h.call('POST', `/api/communities/${c.id}/leave`, { as: heir });
    expect(stay).toEqual({ status: 400, body: { error: CommunityTexts.creatorCannotLeave } });
    await ok(h, 200, 'POST', `/api/communities/${c.id}/leave`, { as: owner });
  });
});

describe("the owner's and the admin's rights over the community (EXTENSIONS §M1, §M3)", () => {
  it('the admin edits any community, logged as update_community; a moderator may not', async () => {
    const c = await newCommunity(h, owner);
    const mod = await h.user();
    await appoint(h, owner, c.id, mod);
    const edit = { description: 'Edited by the admin', rules: 'Rules by the admin' };
    const refused = await h.call('PUT', `/api/communities/${c.id}`, { as: mod, body: edit });
    expect(refused).toEqual({ status: 403, body: { error: CommunityTexts.cannotEdit } });
    await ok(h, 200, 'PUT', `/api/communities/${c.id}`, { as: admin, body: edit });
    expect((await modlog(h, c.id))[0]).toMatchObject({
      action: 'update_community',
      target_type: 'community',
      target_id: c.id,
      moderator_username: 'admin',
    });
    // An edit that changes nothing logs nothing.
    const count = (await modlog(h, c.id)).length;
    await ok(h, 200, 'PUT', `/api/communities/${c.id}`, { as: owner, body: edit });
    expect((await modlog(h, c.id)).length).toBe(count);
  });

  it("the admin's delete of someone's community is a remove_community in the site-wide log", async () => {
    const c = await newCommunity(h, owner);
    await ok(h, 200, 'DELETE', `/api/communities/${c.id}`, { as: admin });
    const site = await ok<{ entries: { action: string; community_name: string }[] }>(
      h,
      200,
      'GET',
      '/api/modlog?action=remove_community',
    );
    expect(site.entries.some((e) => e.community_name === c.name)).toBe(true);
    // The owner's own delete is not a moderation action.
    const mine = await newCommunity(h, owner);
    await ok(h, 200, 'DELETE', `/api/communities/${mine.id}`, { as: owner });
    const after = await ok<{ entries: { community_name: string }[] }>(
      h,
      200,
      'GET',
      '/api/modlog?action=remove_community',
    );
    expect(after.entries.some((e) => e.community_name === mine.name)).toBe(false);
  });
});

describe('start-up backfill (EXTENSIONS §M1)', () => {
  it('seats the creator of a community that has no owner, once', async () => {
    const c = await newCommunity(h, owner);
    await h.models.Moderator.deleteMany({ community_id: c.id });
    await h.models.Post.collection.updateMany({}, { $unset: { removed: '' } });
    expect(await team(c.id)).toEqual([]);
    const first = await backfillModeration({ models: h.models });
    expect(first.owners).toBe(1);
    expect((await team(c.id)).map((m) => [m.user_id, m.role, m.source])).toEqual([
      [owner.id, 'owner', 'creator'],
    ]);
    expect(await h.models.Post.countDocuments({ removed: null })).toBe(0);
    expect((await backfillModeration({ models: h.models })).owners).toBe(0);
  });
});
