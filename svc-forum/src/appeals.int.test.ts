import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AppealResponse,
  AppealsResponse,
  MembershipResponse,
  ModerationTexts as T,
  PostResponse,
} from '@forum/contracts';
import type { Harness, TestUser } from './test-support/harness.js';
import {
  appoint,
  ban,
  join,
  known,
  modlog,
  newComment,
  newCommunity,
  newPost,
  ok,
  startModeration,
  type ModWorld,
} from './test-support/moderation.js';
import { appeal, decide, modActionEvents } from './test-support/reports.js';
import { APPEAL_DECIDED, NOT_APPEALABLE } from './policies/appeal-policy.js';

/**
 * EXTENSIONS §M6: appeals of removals and bans, once per decision; decided by another moderator
 * where the team has one; an overturn reverses the action; each decision is ONE log entry and a
 * notification to the appellant, in one transaction with the appeal's update.
 */
let h: Harness;
let admin: TestUser;
let w: ModWorld;
beforeAll(async () => {
  ({ h, admin, w } = await startModeration());
});
afterAll(async () => h?.stop());

/** A community owned by `owner` alone, with `author` a member. */
async function soloCommunity(owner: TestUser, author: TestUser) {
  await known(h, owner, author);
  const c = await newCommunity(h, owner);
  await join(h, author, c.id);
  return c;
}

const removePost = async (as: TestUser, id: string, reason = 'Off topic') => {
  await ok(h, 200, 'POST', `/api/posts/${id}/remove`, { as, body: { reason } });
};
const postAs = async (as: TestUser | undefined, id: string) =>
  PostResponse.parse(await ok(h, 200, 'GET', `/api/posts/${id}`, as ? { as } : {})).post;
const appeals = async (as: TestUser, community: string, status = 'open') =>
  AppealsResponse.parse(
    await ok(h, 200, 'GET', `/api/communities/${community}/appeals?status=${status}`, { as }),
  ).appeals;

describe('the story: remove, appoint another moderator, appeal, overturn', () => {
  it('leaves exactly three public entries and the post restored', async () => {
    const [owner, author, second] = [await h.user(), await h.user(), await h.user()];
    const c = await soloCommunity(owner, author);
    const p = await newPost(h, author, c.id, 'My honest post');
    await removePost(owner, p.id, 'Looks like spam');
    const removal = (await postAs(author, p.id)).removal_modlog_id!;
    await appoint(h, owner, c.id, second);

    const filed = await appeal(h, author, removal, 'It is not spam, it is my blog.');
    expect(filed).toEqual({
      id: expect.any(String),
      modlog_id: removal,
      community_id: c.id,
      action: 'remove_post',
      target_type: 'post',
      target_id: p.id,
      target_title: 'My honest post',
      appellant_username: author.username,
      moderator_username: owner.username,
      action_reason: 'Looks like spam',
      text: 'It is not spam, it is my blog.',
      status: 'open',
      outcome: null,
      decision_reason: null,
      decided_by_username: null,
      created_at: expect.any(String),
      decided_at: null,
    });
    expect(await appeals(second, c.id)).toEqual([filed]);

    // The owner removed it and the team has another member: not theirs to decide.
    expect(await decide(h, owner, filed.id, 'uphold')).toEqual({
      status: 403,
      body: { error: T.anotherModerator },
    });
    const res = await decide(h, second, filed.id, 'overturn', 'A personal blog is allowed');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(AppealResponse.parse(res.body).appeal).toMatchObject({
      status: 'closed',
      outcome: 'overturn',
      decision_reason: 'A personal blog is allowed',
      decided_by_username: second.username,
      decided_at: expect.any(String),
    });

    const visitorView = await postAs(undefined, p.id);
    expect(visitorView).toMatchObject({ removed: false, title: 'My honest post' });
    const log = await modlog(h, c.id);
    expect(log.map((e) => [e.action, e.moderator_username])).toEqual([
      ['appeal_overturned', second.username],
      ['add_moderator', owner.username],
      ['remove_post', owner.username],
    ]);
    expect(log[0]).toMatchObject({
      target_type: 'post',
      target_id: p.id,
      target_title: 'My honest post',
      target_username: author.username,
      reason: 'A personal blog is allowed',
    });
    // The appellant is told, once, with the click leading to the post.
    expect(await modActionEvents(h, (e) => e.modlog_id === log[0]!.id, 1)).toEqual([
      expect.objectContaining({
        action: 'appeal_overturned',
        recipient_id: author.id,
        moderator_username: second.username,
        post_id: p.id,
        related_id: p.id,
        reason: 'A personal blog is allowed',
      }),
    ]);
    expect(await appeals(second, c.id)).toEqual([]);
    expect((await appeals(second, c.id, 'closed')).map((a) => a.id)).toEqual([filed.id]);
    expect(await decide(h, second, filed.id, 'uphold')).toEqual({
      status: 409,
      body: { error: APPEAL_DECIDED },
    });
    expect(await modlog(h, c.id)).toHaveLength(3);
  });
});

describe('who decides', () => {
  it('a moderator alone on the team decides an appeal of their own action', async () => {
    const [owner, author] = [await h.user(), await h.user()];
    const c = await soloCommunity(owner, author);
    const p = await newPost(h, author, c.id);
    await removePost(owner, p.id);
    const filed = await appeal(h, author, (await postAs(author, p.id)).removal_modlog_id!);
    const res = await decide(h, owner, filed.id, 'uphold', 'Still spam');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await postAs(author, p.id)).removed).toBe(true);
    const [entry] = await modlog(h, c.id);
    expect(entry).toMatchObject({ action: 'appeal_upheld', reason: 'Still spam', target_id: p.id });
    expect(await modActionEvents(h, (e) => e.modlog_id === entry!.id, 1)).toMatchObject([
      { action: 'appeal_upheld', recipient_id: author.id },
    ]);
  });

  it('nobody decides their own appeal; the acting moderator may when only the appellant is left', async () => {
    const [owner, mod] = [await h.user(), await h.user()];
    await known(h, owner, mod);
    const c = await newCommunity(h, owner);
    await appoint(h, owner, c.id, mod);
    const p = await newPost(h, mod, c.id);
    await removePost(owner, p.id);
    const filed = await appeal(h, mod, (await postAs(mod, p.id)).removal_modlog_id!);
    expect(await decide(h, mod, filed.id, 'overturn')).toEqual({
      status: 403,
      body: { error: T.anotherModerator },
    });
    expect((await postAs(mod, p.id)).removed).toBe(true);
    expect((await decide(h, owner, filed.id, 'overturn')).status).toBe(200);
    expect((await postAs(mod, p.id)).removed).toBe(false);
  });

  it('the admin always may, also on their own action; outsiders never', async () => {
    const p = await newPost(h, w.member, w.community.id);
    await removePost(admin, p.id);
    const filed = await appeal(h, w.member, (await postAs(w.member, p.id)).removal_modlog_id!);
    for (const as of [w.member, w.outsider, w.otherMod, w.banned]) {
      expect(await decide(h, as, filed.id, 'overturn')).toEqual({
        status: 403,
        body: { error: T.forbidden },
      });
      expect(
        (await h.call('GET', `/api/communities/${w.community.id}/appeals`, { as })).status,
      ).toBe(403);
    }
    expect((await postAs(w.member, p.id)).removed).toBe(true);
    expect((await decide(h, admin, filed.id, 'overturn')).status).toBe(200);
    expect((await postAs(w.member, p.id)).removed).toBe(false);
  });
});

describe('appealing', () => {
  it('only whom the decision concerns, only removals and bans, once', async () => {
    const p = await newPost(h, w.member, w.community.id);
    await removePost(w.owner, p.id);
    const removal = (await postAs(w.member, p.id)).removal_modlog_id!;
    const post = (body: unknown, as: TestUser) => h.call('POST', '/api/appeals', { as, body });

    expect(await post({ modlog_id: removal, text: 'Mine?' }, w.outsider)).toEqual({
      status: 403,
      body: { error: T.notYourDecision },
    });
    expect(await post({ modlog_id: '0123456789abcdef01234567', text: 'x' }, w.member)).toEqual({
      status: 404,
      body: { error: T.logEntryNotFound },
    });
    for (const body of [
      { modlog_id: removal },
      { modlog_id: removal, text: '   ' },
      { modlog_id: removal, text: 'x'.repeat(1001) },
      { modlog_id: 'nope', text: 'x' },
    ]) {
      expect((await post(body, w.member)).status).toBe(400);
    }
    // A lock concerns the author too, but is not a decision to appeal.
    const locked = await newPost(h, w.member, w.community.id);
    await ok(h, 200, 'POST', `/api/posts/${locked.id}/lock`, { as: w.owner });
    const lockEntry = (await modlog(h, w.community.id))[0]!;
    expect(lockEntry.action).toBe('lock_post');
    expect(await post({ modlog_id: lockEntry.id, text: 'Unlock it' }, w.member)).toEqual({
      status: 400,
      body: { error: NOT_APPEALABLE },
    });

    const twice = await Promise.all(
      [1, 2].map(() => post({ modlog_id: removal, text: 'Please' }, w.member)),
    );
    expect(twice.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(twice.find((r) => r.status === 409)!.body).toEqual({ error: T.alreadyAppealed });
    expect(await h.models.Appeal.countDocuments({ modlog_id: removal })).toBe(1);
  });

  it('a banned user appeals the ban; an overturn lifts it and they may post again', async () => {
    const u = await h.user();
    await known(h, u);
    await join(h, u, w.community.id);
    await ban(h, w.moderator, w.community.id, u, { reason: 'Trolling' });
    const membership = MembershipResponse.parse(
      await ok(h, 200, 'GET', `/api/communities/${w.community.id}/membership`, { as: u }),
    );
    const filed = await appeal(h, u, membership.ban!.modlog_id, 'I was joking.');
    expect(filed).toMatchObject({
      action: 'ban_user',
      target_type: 'user',
      target_id: u.id,
      action_reason: 'Trolling',
      moderator_username: w.moderator.username,
    });
    expect((await decide(h, w.moderator, filed.id, 'overturn')).status).toBe(403);
    expect((await decide(h, w.owner, filed.id, 'overturn', 'Give them a chance')).status).toBe(200);

    const after = MembershipResponse.parse(
      await ok(h, 200, 'GET', `/api/communities/${w.community.id}/membership`, { as: u }),
    );
    expect(after.ban).toBeNull();
    await newPost(h, u, w.community.id);
    const [entry] = (await modlog(h, w.community.id)).filter((e) => e.target_id === u.id);
    expect(entry).toMatchObject({
      action: 'appeal_overturned',
      target_type: 'user',
      target_username: u.username,
      reason: 'Give them a chance',
    });
    // One entry for the decision: no unban_user beside it.
    expect(
      (await modlog(h, w.community.id)).filter(
        (e) => e.action === 'unban_user' && e.target_id === u.id,
      ),
    ).toEqual([]);
    expect(await modActionEvents(h, (e) => e.modlog_id === entry!.id, 1)).toMatchObject([
      { recipient_id: u.id, post_id: null, related_id: w.community.name },
    ]);
  });

  it("a comment's overturn restores it; the click leads to its post", async () => {
    const c = await newComment(h, w.member, w.post);
    await ok(h, 200, 'POST', `/api/comments/${c.id}/remove`, {
      as: w.moderator,
      body: { reason: 'Rude' },
    });
    const removal = (await modlog(h, w.community.id))[0]!;
    const filed = await appeal(h, w.member, removal.id);
    expect(filed).toMatchObject({
      action: 'remove_comment',
      target_id: c.id,
      target_title: w.title,
    });
    expect((await decide(h, w.owner, filed.id, 'overturn')).status).toBe(200);
    const comment = await ok<{ comment: Record<string, unknown> }>(
      h,
      200,
      'GET',
      `/api/comments/${c.id}`,
    );
    expect(comment.comment).toMatchObject({ removed: false, content: c.content });
    const [entry] = await modlog(h, w.community.id);
    expect(await modActionEvents(h, (e) => e.modlog_id === entry!.id, 1)).toMatchObject([
      { action: 'appeal_overturned', post_id: w.post, related_id: c.id },
    ]);
  });

  it('an overturn undoes only the decision appealed: not a later removal, nothing if reversed', async () => {
    const p = await newPost(h, w.member, w.community.id);
    await removePost(w.owner, p.id, 'First');
    const first = (await postAs(w.member, p.id)).removal_modlog_id!;
    await ok(h, 200, 'POST', `/api/posts/${p.id}/restore`, { as: w.owner });
    await removePost(w.owner, p.id, 'Second');
    const filed = await appeal(h, w.member, first);
    const logged = (await modlog(h, w.community.id)).length;
    expect((await decide(h, w.moderator, filed.id, 'overturn')).status).toBe(200);
    expect(await postAs(w.member, p.id)).toMatchObject({ removed: true, removal_reason: 'Second' });
    const log = await modlog(h, w.community.id);
    expect(log).toHaveLength(logged + 1);
    expect(log[0]!.action).toBe('appeal_overturned');
  });

  it('lists open appeals oldest first, to moderators only', async () => {
    const [owner, a, b] = [await h.user(), await h.user(), await h.user()];
    const c = await soloCommunity(owner, a);
    await join(h, b, c.id);
    const pa = await newPost(h, a, c.id);
    const pb = await newPost(h, b, c.id);
    await removePost(owner, pa.id);
    await removePost(owner, pb.id);
    const first = await appeal(h, a, (await postAs(a, pa.id)).removal_modlog_id!);
    const second = await appeal(h, b, (await postAs(b, pb.id)).removal_modlog_id!);
    expect((await appeals(owner, c.id)).map((x) => x.id)).toEqual([first.id, second.id]);
    expect((await appeals(admin, c.id)).map((x) => x.id)).toEqual([first.id, second.id]);
    expect((await h.call('GET', `/api/communities/${c.id}/appeals`, { as: a })).status).toBe(403);
    expect((await h.call('GET', `/api/communities/${c.id}/appeals`)).status).toBe(401);
  });
});
