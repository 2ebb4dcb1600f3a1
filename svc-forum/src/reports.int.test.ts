import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CommentTexts,
  ModerationTexts as T,
  PostResponse,
  PostTexts,
  ReportResponse,
} from '@forum/contracts';
import type { Harness, TestUser } from './test-support/harness.js';
import {
  known,
  modlog,
  newComment,
  newCommunity,
  newPost,
  ok,
  startModeration,
  type ModWorld,
} from './test-support/moderation.js';
import {
  adminReports,
  communityReports,
  modActionEvents,
  report,
  reportOf,
  resolvedEvents,
} from './test-support/reports.js';
import { MAX_REPORTS_PER_ITEM } from './use-cases/shared/file-report.js';
import { REPORT_CLOSED } from './use-cases/resolve-report.js';

/**
 * EXTENSIONS §M5: reports of posts and comments, the community's and the admin's queues, and
 * their resolution (a dismissal, or a logged removal in the same transaction as the closing and
 * forum.report.resolved).
 */
let h: Harness;
let admin: TestUser;
let w: ModWorld;
/** Reporters besides the world's actors. */
let readers: TestUser[];
beforeAll(async () => {
  ({ h, admin, w } = await startModeration());
  readers = await Promise.all(Array.from({ length: 5 }, () => h.user()));
  await known(h, ...readers);
});
afterAll(async () => h?.stop());

const resolve = (as: TestUser, id: string, body: unknown) =>
  h.call('POST', `/api/reports/${id}/resolve`, { as, body });
const postAs = async (as: TestUser | undefined, id: string) =>
  PostResponse.parse(await ok(h, 200, 'GET', `/api/posts/${id}`, as ? { as } : {})).post;

describe('reporting a post or a comment', () => {
  it('answers 201 and puts one row per item in its community queue', async () => {
    const p = await newPost(h, w.member, w.community.id, 'A reported post');
    const res = await report(h, w.outsider, 'posts', p.id, '  Spam  ');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({ message: expect.any(String) });
    // A banned member may still report (a ban refuses writes to the community, not reports).
    expect((await report(h, w.banned, 'posts', p.id, 'Harassment')).status).toBe(201);

    const row = (await communityReports(h, w.moderator, w.community.id)).find(
      (r) => r.target_id === p.id,
    );
    expect(row).toEqual({
      id: expect.any(String),
      target_type: 'post',
      target_id: p.id,
      community_id: w.community.id,
      post_id: p.id,
      target_title: 'A reported post',
      target_excerpt: 'Some body text',
      target_author_username: w.member.username,
      report_count: 2,
      reasons: ['Spam', 'Harassment'],
      status: 'open',
      created_at: expect.any(String),
      resolution: null,
    });
  });

  it("a comment's row carries its post's title and the start of its text", async () => {
    const long = `${'x'.repeat(250)} end`;
    const c = await newComment(h, w.member, w.post, long);
    expect((await report(h, w.outsider, 'comments', c.id)).status).toBe(201);
    const row = await reportOf(h, admin, c.id);
    expect(row).toMatchObject({
      target_type: 'comment',
      target_title: w.title,
      target_author_username: w.member.username,
      report_count: 1,
      // Where the comment lives, so the queue links to its place.
      post_id: w.post,
    });
    expect([...row!.target_excerpt].length).toBe(200);
    expect(long.startsWith(row!.target_excerpt.slice(0, -1))).toBe(true);
  });

  it('refuses your own content (400), a second report (409) and changes nothing', async () => {
    const p = await newPost(h, w.member, w.community.id);
    const c = await newComment(h, w.member, p.id);
    for (const [kind, id] of [
      ['posts', p.id],
      ['comments', c.id],
    ] as const) {
      expect(await report(h, w.member, kind, id)).toEqual({
        status: 400,
        body: { error: T.ownContent },
      });
      expect(await reportOf(h, admin, id)).toBeUndefined();
      expect((await report(h, w.outsider, kind, id, 'Spam')).status).toBe(201);
      expect(await report(h, w.outsider, kind, id, 'Hate')).toEqual({
        status: 409,
        body: { error: T.alreadyReported },
      });
      expect(await reportOf(h, admin, id)).toMatchObject({ report_count: 1, reasons: ['Spam'] });
    }
  });

  it('answers 404 for a missing, deleted or removed item, as reads do', async () => {
    const missing = '0123456789abcdef01234567';
    expect(await report(h, w.outsider, 'posts', missing)).toEqual({
      status: 404,
      body: { error: PostTexts.notFound },
    });
    expect(await report(h, w.outsider, 'comments', missing)).toEqual({
      status: 404,
      body: { error: CommentTexts.notFound },
    });
    const deleted = await newPost(h, w.member, w.community.id);
    await ok(h, 200, 'DELETE', `/api/posts/${deleted.id}`, { as: w.member });
    expect((await report(h, w.outsider, 'posts', deleted.id)).status).toBe(404);
    const deletedComment = await newComment(h, w.member, w.post);
    await ok(h, 200, 'DELETE', `/api/comments/${deletedComment.id}`, { as: w.member });
    expect((await report(h, w.outsider, 'comments', deletedComment.id)).status).toBe(404);

    const removed = await newPost(h, w.member, w.community.id);
    await ok(h, 200, 'POST', `/api/posts/${removed.id}/remove`, {
      as: w.owner,
      body: { reason: 'Off topic' },
    });
    expect(await report(h, w.outsider, 'posts', removed.id)).toEqual({
      status: 404,
      body: { error: PostTexts.notFound },
    });
    for (const id of [deleted.id, deletedComment.id, removed.id]) {
      expect(await reportOf(h, admin, id)).toBeUndefined();
    }
  });

  it('needs a signed-in caller and a reason of 1 to 500 characters', async () => {
    const p = await newPost(h, w.member, w.community.id);
    expect(
      (await h.call('POST', `/api/posts/${p.id}/report`, { body: { reason: 'x' } })).status,
    ).toBe(401);
    for (const body of [{}, { reason: '   ' }, { reason: 5 }]) {
      const res = await h.call('POST', `/api/posts/${p.id}/report`, { as: w.outsider, body });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: T.reasonRequired });
    }
    const long = await report(h, w.outsider, 'posts', p.id, 'x'.repeat(501));
    expect(long.status).toBe(400);
    expect(await reportOf(h, admin, p.id)).toBeUndefined();
  });

  it('concurrent reports of one user: one 201, one 409; of several users: one row', async () => {
    const p = await newPost(h, w.member, w.community.id);
    const same = await Promise.all([1, 2, 3].map(() => report(h, w.outsider, 'posts', p.id)));
    expect(same.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(await reportOf(h, admin, p.id)).toMatchObject({ report_count: 1 });

    const q = await newPost(h, w.member, w.community.id);
    const many = await Promise.all(readers.map((u) => report(h, u, 'posts', q.id)));
    expect(many.map((r) => r.status)).toEqual(readers.map(() => 201));
    const rows = (await adminReports(h, admin)).filter((r) => r.target_id === q.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.report_count).toBe(readers.length);
    expect([...rows[0]!.reporter_usernames!].sort()).toEqual(readers.map((u) => u.username).sort());
    expect(await h.models.Report.countDocuments({ target_id: q.id })).toBe(1);
  });

  it(`keeps at most ${MAX_REPORTS_PER_ITEM} reports on an item; later ones are accepted`, async () => {
    const p = await newPost(h, w.member, w.community.id);
    expect((await report(h, readers[0]!, 'posts', p.id)).status).toBe(201);
    await h.models.Report.updateOne(
      { target_id: p.id, status: 'open' },
      { $set: { report_count: MAX_REPORTS_PER_ITEM } },
    );
    expect((await report(h, readers[1]!, 'posts', p.id)).status).toBe(201);
    // The first reporter is still told they already reported.
    expect((await report(h, readers[0]!, 'posts', p.id)).status).toBe(409);
    const doc = await h.models.Report.findOne({ target_id: p.id }).lean();
    expect([doc!.report_count, doc!.reports.length]).toEqual([MAX_REPORTS_PER_ITEM, 1]);
  });
});

describe('the queues', () => {
  it('a community lists open items oldest first; moderators never see who reported', async () => {
    const c = await newCommunity(h, w.owner);
    await ok(h, 200, 'POST', `/api/communities/${c.id}/join`, { as: w.member });
    const posts = [];
    for (const title of ['first', 'second', 'third']) {
      const p = await newPost(h, w.member, c.id, title);
      await report(h, w.outsider, 'posts', p.id);
      posts.push(p);
    }
    // A later report on the first item keeps its place (the row's time is the first report's).
    await report(h, w.otherMod, 'posts', posts[0]!.id);
    const rows = await communityReports(h, w.owner, c.id);
    expect(rows.map((r) => r.target_title)).toEqual(['first', 'second', 'third']);
    expect(rows.every((r) => !('reporter_usernames' in r))).toBe(true);
    // The admin sees the reporters, here and in the site-wide queue.
    const asAdmin = await communityReports(h, admin, c.id);
    expect(asAdmin[0]!.reporter_usernames).toEqual([w.outsider.username, w.otherMod.username]);

    const page = await ok(h, 200, 'GET', `/api/communities/${c.id}/reports?limit=2&offset=1`, {
      as: w.owner,
    });
    expect(page).toMatchObject({ pagination: { total: 3, hasMore: false } });
    expect((page.reports as { target_title: string }[]).map((r) => r.target_title)).toEqual([
      'second',
      'third',
    ]);
    // Other communities' items are not in it.
    expect(await communityReports(h, w.owner, w.community.id)).not.toContainEqual(
      expect.objectContaining({ community_id: c.id }),
    );
  });

  it('closed items come newest resolution first; a new report opens a new row', async () => {
    const c = await newCommunity(h, w.owner);
    await ok(h, 200, 'POST', `/api/communities/${c.id}/join`, { as: w.member });
    const [a, b] = [await newPost(h, w.member, c.id, 'a'), await newPost(h, w.member, c.id, 'b')];
    await report(h, w.outsider, 'posts', a.id);
    await report(h, w.outsider, 'posts', b.id);
    const [ra, rb] = await communityReports(h, w.owner, c.id);
    await ok(h, 200, 'POST', `/api/reports/${rb!.id}/resolve`, {
      as: w.owner,
      body: { action: 'dismiss' },
    });
    await ok(h, 200, 'POST', `/api/reports/${ra!.id}/resolve`, {
      as: w.owner,
      body: { action: 'dismiss' },
    });
    expect(await communityReports(h, w.owner, c.id)).toEqual([]);
    const closed = await communityReports(h, w.owner, c.id, 'closed');
    expect(closed.map((r) => [r.target_title, r.status])).toEqual([
      ['a', 'closed'],
      ['b', 'closed'],
    ]);
    // Dismissed: the same reporter may report again, which opens a second cycle.
    expect((await report(h, w.outsider, 'posts', a.id, 'Again')).status).toBe(201);
    const reopened = await communityReports(h, w.owner, c.id);
    expect(reopened.map((r) => [r.target_id, r.reasons])).toEqual([[a.id, ['Again']]]);
    expect(reopened[0]!.id).not.toBe(ra!.id);
  });

  it('the admin queue holds every community, with reporters; nobody else reads it', async () => {
    const p = await newPost(h, w.member, w.community.id);
    await report(h, w.outsider, 'posts', p.id);
    expect(await reportOf(h, admin, p.id)).toMatchObject({
      community_id: w.community.id,
      reporter_usernames: [w.outsider.username],
    });
    for (const as of [w.owner, w.moderator, w.outsider]) {
      expect((await h.call('GET', '/api/admin/reports', { as })).status).toBe(403);
    }
    const bad = await h.call('GET', '/api/admin/reports?status=pending', { as: admin });
    expect(bad.status).toBe(400);
  });
});

describe('resolving (dismiss or remove)', () => {
  it('dismiss closes every report on the item, logs nothing and tells messaging', async () => {
    const p = await newPost(h, w.member, w.community.id);
    await report(h, w.outsider, 'posts', p.id);
    await report(h, w.otherMod, 'posts', p.id);
    const row = (await reportOf(h, admin, p.id))!;
    const logged = await modlog(h, w.community.id);
    const res = await resolve(w.moderator, row.id, { action: 'dismiss' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const answered = ReportResponse.parse(res.body).report;
    expect(answered).toMatchObject({
      id: row.id,
      status: 'closed',
      report_count: 2,
      post_id: p.id,
      resolution: {
        action: 'dismiss',
        reason: null,
        moderator_username: w.moderator.username,
        resolved_at: expect.any(String),
      },
    });
    expect(row).toMatchObject({ post_id: p.id, resolution: null });
    expect(answered).not.toHaveProperty('reporter_usernames');
    expect((await postAs(undefined, p.id)).removed).toBe(false);
    expect(await modlog(h, w.community.id)).toEqual(logged);

    const [event, ...more] = await resolvedEvents(h, row.id, 1);
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      target_type: 'post',
      target_id: p.id,
      action: 'dismiss',
      target_title: p.title,
      community_name: w.community.name,
      post_id: p.id,
    });
    expect([...event!.reporter_ids].sort()).toEqual([w.outsider.id, w.otherMod.id].sort());

    expect(await resolve(w.owner, row.id, { action: 'remove' })).toEqual({
      status: 409,
      body: { error: REPORT_CLOSED },
    });
    expect((await postAs(undefined, p.id)).removed).toBe(false);
    expect(await resolvedEvents(h, row.id)).toHaveLength(1);
  });

  it("remove is §M2's removal: one entry with the reports' reasons, the author told", async () => {
    const p = await newPost(h, w.member, w.community.id);
    await report(h, w.outsider, 'posts', p.id, 'Spam');
    await report(h, w.otherMod, 'posts', p.id, 'Hate');
    await report(h, readers[0]!, 'posts', p.id, 'Spam');
    const row = (await reportOf(h, admin, p.id))!;
    const res = await resolve(w.owner, row.id, { action: 'remove' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    const removed = await postAs(w.owner, p.id);
    expect(removed).toMatchObject({ removed: true, removal_reason: 'Reported: Spam; Hate' });
    const [entry] = await modlog(h, w.community.id);
    expect(entry).toMatchObject({
      action: 'remove_post',
      moderator_username: w.owner.username,
      target_id: p.id,
      reason: 'Reported: Spam; Hate',
    });
    expect(removed.removal_modlog_id).toBe(entry!.id);
    expect(await modActionEvents(h, (e) => e.modlog_id === entry!.id, 1)).toMatchObject([
      { action: 'remove_post', recipient_id: w.member.id, related_id: p.id },
    ]);
    expect(await resolvedEvents(h, row.id, 1)).toMatchObject([
      { action: 'remove', reporter_ids: expect.arrayContaining([w.outsider.id, readers[0]!.id]) },
    ]);
    expect(await reportOf(h, admin, p.id, 'closed')).toMatchObject({ status: 'closed' });
  });

  it('remove of a comment with a reason of its own', async () => {
    const c = await newComment(h, w.member, w.post);
    await report(h, w.outsider, 'comments', c.id, 'Harassment');
    const row = (await reportOf(h, admin, c.id))!;
    expect(
      (await resolve(w.moderator, row.id, { action: 'remove', reason: 'Rule 2' })).status,
    ).toBe(200);
    const comment = await ok<{ comment: Record<string, unknown> }>(
      h,
      200,
      'GET',
      `/api/comments/${c.id}`,
    );
    expect(comment.comment).toMatchObject({ removed: true, content: '[removed]' });
    expect((await modlog(h, w.community.id))[0]).toMatchObject({
      action: 'remove_comment',
      target_id: c.id,
      target_title: w.title,
      reason: 'Rule 2',
    });
  });

  it('remove of an item already removed or deleted only closes its reports', async () => {
    const p = await newPost(h, w.member, w.community.id);
    const q = await newPost(h, w.member, w.community.id);
    await report(h, w.outsider, 'posts', p.id);
    await report(h, w.outsider, 'posts', q.id);
    const [rp, rq] = [(await reportOf(h, admin, p.id))!, (await reportOf(h, admin, q.id))!];
    // Removed meanwhile by hand (bypassing the route, so the report stays open) and deleted.
    await h.models.Post.updateOne({ _id: p.id }, { $set: { removed: true } });
    await ok(h, 200, 'DELETE', `/api/posts/${q.id}`, { as: w.member });
    const logged = await modlog(h, w.community.id);
    for (const row of [rp, rq]) {
      expect((await resolve(w.owner, row.id, { action: 'remove' })).status).toBe(200);
      expect(await resolvedEvents(h, row.id, 1)).toHaveLength(1);
    }
    expect(await modlog(h, w.community.id)).toEqual(logged);
  });

  it("a moderator's direct removal closes the item's open reports", async () => {
    const p = await newPost(h, w.member, w.community.id);
    await report(h, w.outsider, 'posts', p.id);
    const row = (await reportOf(h, admin, p.id))!;
    await ok(h, 200, 'POST', `/api/posts/${p.id}/remove`, {
      as: w.moderator,
      body: { reason: 'Seen it myself' },
    });
    expect(await reportOf(h, admin, p.id)).toBeUndefined();
    expect(await resolvedEvents(h, row.id, 1)).toMatchObject([
      { action: 'remove', reporter_ids: [w.outsider.id] },
    ]);
    // Restoring and removing again (no report open) writes no report event.
    await ok(h, 200, 'POST', `/api/posts/${p.id}/restore`, { as: w.moderator });
    await ok(h, 200, 'POST', `/api/posts/${p.id}/remove`, {
      as: w.moderator,
      body: { reason: 'Again' },
    });
    const all = await resolvedEvents(h, row.id);
    expect(all).toHaveLength(1);
  });

  it('only moderators of its community and the admin resolve; bad input is a 400', async () => {
    const p = await newPost(h, w.member, w.community.id);
    await report(h, w.outsider, 'posts', p.id);
    const row = (await reportOf(h, admin, p.id))!;
    for (const as of [w.member, w.outsider, w.otherMod, w.banned]) {
      expect(await resolve(as, row.id, { action: 'remove' })).toEqual({
        status: 403,
        body: { error: T.forbidden },
      });
    }
    for (const body of [{}, { action: 'delete' }, { action: 'remove', reason: '  ' }]) {
      expect((await resolve(w.owner, row.id, body)).status).toBe(400);
    }
    expect(await resolve(w.owner, '0123456789abcdef01234567', { action: 'dismiss' })).toEqual({
      status: 404,
      body: { error: T.reportNotFound },
    });
    expect(await reportOf(h, admin, p.id)).toMatchObject({ id: row.id, status: 'open' });
    expect((await postAs(undefined, p.id)).removed).toBe(false);
    // The admin may, and sees the reporters in the answer.
    const res = await resolve(admin, row.id, { action: 'dismiss', reason: 'Fine' });
    expect(ReportResponse.parse(res.body).report.reporter_usernames).toEqual([w.outsider.username]);
  });

  it('two moderators resolving at once: one closes it, the other gets 409', async () => {
    const p = await newPost(h, w.member, w.community.id);
    await report(h, w.outsider, 'posts', p.id);
    const row = (await reportOf(h, admin, p.id))!;
    const answers = await Promise.all([
      resolve(w.owner, row.id, { action: 'remove', reason: 'Owner' }),
      resolve(w.moderator, row.id, { action: 'remove', reason: 'Moderator' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const removals = (await modlog(h, w.community.id)).filter((e) => e.target_id === p.id);
    expect(removals).toHaveLength(1);
    expect(await resolvedEvents(h, row.id, 1)).toHaveLength(1);
  });
});
