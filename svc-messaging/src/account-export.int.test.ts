import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Types } from 'mongoose';
import {
  DELETED_AUTHOR,
  MessagingExport,
  NOTIFICATION_TYPES,
  REMOVED_TEXT,
  Subjects,
} from '@forum/contracts';
import { commentData, startHarness, type Harness, type TestUser } from './test-support/harness.js';

// EXTENSIONS §B2, issue 20: messaging's part of GET /api/auth/me/export, the verified caller's
// records and nobody else's.

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const start = (as: TestUser, to: TestUser, subject: string, content: string) =>
  h.call<Json>('POST', '/api/messages/conversations', {
    as,
    body: { recipientUsername: to.username, subject, content },
  });
const reply = (as: TestUser, id: string, content: string) =>
  h.call<Json>('POST', `/api/messages/conversations/${id}/messages`, { as, body: { content } });
const exportOf = (as?: TestUser) => h.call<Json>('GET', '/internal/export', as ? { as } : {});

describe('GET /internal/export', () => {
  it("answers every kind of the caller's records, and nothing of anyone else's", async () => {
    const [alice, bob, carol] = await Promise.all([h.user(), h.user(), h.user()]);
    const talk = await start(bob, alice, 'Plans', 'hi alice');
    await reply(alice, talk.body.id, 'hi bob');
    const rude = await reply(bob, talk.body.id, 'something rude');
    const spam = await reply(bob, talk.body.id, 'buy now');
    // alice opens it (her messages from bob are read), reports two, the admin removes one.
    await h.call('GET', `/api/messages/conversations/${talk.body.id}`, { as: alice });
    for (const m of [rude, spam]) {
      const r = await h.call('POST', `/api/messages/messages/${m.body.id}/report`, {
        as: alice,
        body: { reason: `report ${m.body.content}` },
      });
      expect(r.status).toBe(201);
    }
    await h.publish(Subjects.ReportResolved, {
      report_id: new Types.ObjectId().toHexString(),
      target_type: 'message',
      target_id: spam.body.id,
      action: 'remove',
      reporter_ids: [alice.id],
      target_title: null,
      community_name: null,
      post_id: null,
      resolved_at: new Date().toISOString(),
    });
    await h.call('PUT', '/api/notifications/preferences', {
      as: alice,
      body: { post_vote: false },
    });
    await h.publish(Subjects.CommentCreated, commentData({ post_author_id: alice.id }));
    // Others' records: bob and carol's own conversation, carol's report, bob's notifications.
    const other = await start(carol, bob, 'Private', 'not for alice');
    await h.call('POST', `/api/messages/messages/${other.body.id}/report`, {
      as: bob,
      body: { reason: 'carol report' },
    });
    await h.caughtUp();

    const res = await exportOf(alice);
    expect(res.status).toBe(200);
    const data = MessagingExport.parse(res.body);
    expect(Object.keys(res.body).sort()).toEqual(Object.keys(MessagingExport.shape).sort());

    expect(data.conversations).toHaveLength(1);
    const [c] = data.conversations;
    expect(c).toMatchObject({ id: talk.body.id, subject: 'Plans', other_username: bob.username });
    expect(c!.messages.map((m) => [m.sender_username, m.content])).toEqual([
      [bob.username, 'hi alice'],
      [alice.username, 'hi bob'],
      [bob.username, 'something rude'],
      [bob.username, REMOVED_TEXT],
    ]);
    // Read by alice when she opened it; her own message bob never opened.
    expect(c!.messages.map((m) => m.read_at !== null)).toEqual([true, false, true, true]);

    const stored = await h.models.Notification.find({ user_id: new Types.ObjectId(alice.id) })
      .sort({ created_at: -1, _id: -1 })
      .lean();
    expect(stored.length).toBeGreaterThanOrEqual(3);
    expect(data.notifications.map((n) => n.id)).toEqual(stored.map((n) => n._id.toHexString()));
    expect(new Set(data.notifications.map((n) => n.type))).toEqual(
      new Set(['private_message', 'reply_to_post', 'report_resolved']),
    );

    expect(Object.keys(data.notification_preferences).sort()).toEqual(
      [...NOTIFICATION_TYPES].sort(),
    );
    expect(data.notification_preferences.post_vote).toBe(false);
    expect(
      Object.entries(data.notification_preferences)
        .filter(([, on]) => !on)
        .map(([t]) => t),
    ).toEqual(['post_vote']);

    expect(data.message_reports.map((r) => [r.message_id, r.reason, r.status])).toEqual([
      [rude.body.id, 'report something rude', 'open'],
      [spam.body.id, 'report buy now', 'closed'],
    ]);

    // Nobody else's: no text, id or name of the other records appears anywhere.
    const text = JSON.stringify(res.body);
    expect(text).not.toContain('not for alice');
    expect(text).not.toContain(other.body.id);
    expect(text).not.toContain('carol report');
    expect(text).not.toContain(carol.username);
    const bobs = await h.models.Notification.find({ user_id: new Types.ObjectId(bob.id) }).lean();
    expect(bobs.length).toBeGreaterThan(0);
    for (const n of bobs) expect(text).not.toContain(n._id.toHexString());
  });

  it('answers the defaults and empty lists for a new user', async () => {
    const dora = await h.user();
    const res = await exportOf(dora);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      conversations: [],
      notifications: [],
      notification_preferences: Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, true])),
      message_reports: [],
    });
  });

  it("shows a deleted participant as '[deleted]', messages kept", async () => {
    const [ed, fay] = await Promise.all([h.user(), h.user()]);
    const talk = await start(fay, ed, 'Soon gone', 'bye');
    await h.publish(Subjects.UserDeleted, {
      user_id: fay.id,
      username: fay.username,
      delete_content: false,
      deleted_at: new Date().toISOString(),
    });
    await h.caughtUp();
    const { body } = await exportOf(ed);
    expect(body.conversations).toEqual([
      expect.objectContaining({
        id: talk.body.id,
        other_username: DELETED_AUTHOR,
        messages: [expect.objectContaining({ sender_username: DELETED_AUTHOR, content: 'bye' })],
      }),
    ]);
  });

  it('is 401 without a token', async () => {
    const res = await exportOf();
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: expect.any(String) });
  });
});
