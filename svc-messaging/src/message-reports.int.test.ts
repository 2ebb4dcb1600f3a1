import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Types } from 'mongoose';
import { REMOVED_TEXT, Subjects, type EventData, type NotificationType } from '@forum/contracts';
import { PROCESSED_EVENTS_COLLECTION } from '@forum/service-kit';
import { REPORT_RESOLUTIONS_DURABLE } from './events/notification-consumers.js';
import { newId, startHarness, type Harness, type TestUser } from './test-support/harness.js';
import { publishedEvents } from './test-support/published-events.js';

// EXTENSIONS §M5: a recipient reports a message to the admin; forum resolves it
// (forum.report.resolved): reports close, a removed message reads '[removed]', reporters are told.

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(() => h?.close());

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const NOT_FOUND = { status: 404, body: { error: 'Message not found' } };
const ALREADY = { status: 409, body: { error: 'You have already reported this' } };

/** `from` writes to `to`: a new conversation (or a reply in `conversationId`); the message's ids. */
async function send(from: TestUser, to: TestUser, content: string, conversationId?: string) {
  const res = conversationId
    ? await h.call<Json>('POST', `/api/messages/conversations/${conversationId}/messages`, {
        as: from,
        body: { content },
      })
    : await h.call<Json>('POST', '/api/messages/conversations', {
        as: from,
        body: { recipientUsername: to.username, subject: `s-${newId()}`, content },
      });
  expect(res.status).toBe(201);
  return {
    conversationId: (conversationId ?? res.body.id) as string,
    messageId: res.body.message.id as string,
  };
}

const report = (as: TestUser | undefined, messageId: string, body: unknown = { reason: 'Spam' }) =>
  h.call<Json>('POST', `/api/messages/messages/${messageId}/report`, { ...(as && { as }), body });

const reportsOf = (messageId: string) =>
  h.models.MessageReport.find({ message_id: new Types.ObjectId(messageId) })
    .sort({ created_at: 1 })
    .lean();

const reportedEventsOf = async (messageId: string) =>
  (await publishedEvents(h, Subjects.MessageReported)).filter((e) => e.message_id === messageId);

const resolution = (
  over: Partial<EventData<typeof Subjects.ReportResolved>>,
): EventData<typeof Subjects.ReportResolved> => ({
  report_id: newId(),
  target_type: 'message',
  target_id: newId(),
  action: 'remove',
  reporter_ids: [],
  target_title: null,
  community_name: null,
  post_id: null,
  resolved_at: new Date().toISOString(),
  ...over,
});

/** Publish forum.report.resolved and wait until every consumer has taken it. */
async function resolve(over: Partial<EventData<typeof Subjects.ReportResolved>>) {
  const data = resolution(over);
  const id = await h.publish(Subjects.ReportResolved, data);
  await h.caughtUp();
  return { id, data };
}

const notificationsOf = (user: TestUser, type: NotificationType = 'report_resolved') =>
  h.models.Notification.find({ user_id: new Types.ObjectId(user.id), type })
    .sort({ created_at: 1 })
    .lean();

const conversationAs = async (as: TestUser, id: string) =>
  (await h.call<Json>('GET', `/api/messages/conversations/${id}`, { as })).body;
const inboxPreview = async (as: TestUser, id: string) =>
  (await h.call<Json>('GET', '/api/messages/conversations', { as })).body.conversations.find(
    (c: Json) => c.id === id,
  )?.last_message as string | undefined;

describe('POST /api/messages/messages/{id}/report', () => {
  it("stores the recipient's report and publishes messaging.message.reported once", async () => {
    const [alice, bob] = [await h.user(), await h.user()];
    const content = `${'x'.repeat(195)} and then some more words`;
    const { messageId, conversationId } = await send(alice, bob, content);

    const res = await report(bob, messageId, { reason: '  Harassment  ' });
    expect(res).toEqual({ status: 201, body: { message: 'Message reported' } });

    const rows = await reportsOf(messageId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      reason: 'Harassment',
      status: 'open',
      resolution: null,
      closed_at: null,
    });
    expect(rows[0]!.reporter_id.toHexString()).toBe(bob.id);
    expect(rows[0]!.author_id.toHexString()).toBe(alice.id);
    expect(rows[0]!.conversation_id.toHexString()).toBe(conversationId);

    const events = await reportedEventsOf(messageId);
    expect(events).toEqual([
      expect.objectContaining({
        message_id: messageId,
        reporter_id: bob.id,
        reporter_username: bob.username,
        author_id: alice.id,
        author_username: alice.username,
        // A preview: plain text (EXTENSIONS §F1), cut at 200 with an ellipsis.
        excerpt: `${content.slice(0, 200).trimEnd()}…`,
        reason: 'Harassment',
      }),
    ]);
    expect(events[0]!.created_at).toBe(rows[0]!.created_at.toISOString());
  });

  it('refuses a second open report with 409, also two at once, and changes nothing', async () => {
    const [alice, bob] = [await h.user(), await h.user()];
    const { messageId } = await send(alice, bob, 'Buy my stuff');
    const [a, b] = await Promise.all([report(bob, messageId), report(bob, messageId)]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect(await report(bob, messageId, { reason: 'Other' })).toEqual(ALREADY);
    expect(await reportsOf(messageId)).toHaveLength(1);
    expect(await reportedEventsOf(messageId)).toHaveLength(1);
  });

  it('answers 404 to everyone but the recipient, its sender included', async () => {
    const [alice, bob, eve] = [await h.user(), await h.user(), await h.user()];
    const { messageId } = await send(alice, bob, 'Private words');
    expect(await report(alice, messageId)).toEqual(NOT_FOUND);
    expect(await report(eve, messageId)).toEqual(NOT_FOUND);
    // Unknown and malformed ids answer the same.
    expect(await report(bob, newId())).toEqual(NOT_FOUND);
    expect(await report(bob, 'not-an-id')).toEqual(NOT_FOUND);
    expect(await reportsOf(messageId)).toHaveLength(0);
    expect(await reportedEventsOf(messageId)).toHaveLength(0);
  });

  it('refuses a missing, blank or too long reason with 400, and no token with 401', async () => {
    const [alice, bob] = [await h.user(), await h.user()];
    const { messageId } = await send(alice, bob, 'Hello there');
    for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: 42 }]) {
      const res = await report(bob, messageId, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe('Reason is required');
    }
    const long = await report(bob, messageId, { reason: 'y'.repeat(501) });
    expect(long.status).toBe(400);
    expect(long.body.error).toBe('Reason must be at most 500 characters');
    expect((await report(undefined, messageId)).status).toBe(401);
    expect(await reportsOf(messageId)).toHaveLength(0);
    expect(await reportedEventsOf(messageId)).toHaveLength(0);
    // 500 characters is still a reason.
    expect((await report(bob, messageId, { reason: 'y'.repeat(500) })).status).toBe(201);
  });

  it('keeps no report when its event cannot be stored (one transaction)', async () => {
    const [alice, bob] = [await h.user(), await h.user()];
    const { messageId } = await send(alice, bob, 'Paired writes');
    vi.spyOn(h.service.outbox, 'add').mockImplementationOnce(() =>
      Promise.reject(new Error('injected failure between paired writes')),
    );
    expect((await report(bob, messageId)).status).toBe(500);
    expect(await reportsOf(messageId)).toHaveLength(0);
    // Nothing was left half-done: the report goes through now.
    expect((await report(bob, messageId)).status).toBe(201);
    expect(await reportsOf(messageId)).toHaveLength(1);
    expect(await reportedEventsOf(messageId)).toHaveLength(1);
  });
});

describe('forum.report.resolved for a message', () => {
  it("'remove' closes the reports, shows '[removed]' to both participants and tells the reporter", async () => {
    const [alice, bob] = [await h.user(), await h.user()];
    const first = await send(alice, bob, 'A fine first message');
    const bad = await send(alice, bob, 'Something nasty', first.conversationId);
    const id = first.conversationId;
    expect((await report(bob, bad.messageId)).status).toBe(201);

    await resolve({ target_id: bad.messageId, reporter_ids: [bob.id] });

    expect(await reportsOf(bad.messageId)).toEqual([
      expect.objectContaining({
        status: 'closed',
        resolution: 'remove',
        closed_at: expect.any(Date),
      }),
    ]);
    for (const viewer of [alice, bob]) {
      const detail = await conversationAs(viewer, id);
      expect(detail.messages.map((m: Json) => [m.id, m.content, m.removed])).toEqual([
        [first.messageId, 'A fine first message', false],
        [bad.messageId, REMOVED_TEXT, true],
      ]);
      expect(await inboxPreview(viewer, id)).toBe(REMOVED_TEXT);
    }
    // Bob's notice of the message quoted it: it no longer does.
    const notices = await notificationsOf(bob, 'private_message');
    expect(notices.map((n) => n.content)).toEqual([
      expect.stringContaining('A fine first message'),
      expect.stringMatching(/: \[removed\]$/),
    ]);

    const told = await notificationsOf(bob);
    expect(told).toEqual([
      expect.objectContaining({
        type: 'report_resolved',
        title: 'A message you reported was removed',
        post_id: null,
        related_id: null,
        is_read: false,
      }),
    ]);
    // The sender is not told about the report (the admin's removal is for the reporter).
    expect(await notificationsOf(alice)).toEqual([]);
    const listed = await h.call<Json>('GET', '/api/notifications', { as: bob });
    expect(listed.body.notifications[0]).toMatchObject({
      type: 'report_resolved',
      title: 'A message you reported was removed',
      related_id: null,
      post_id: null,
    });

    // Removed stays removed: nothing left to report, and later messages read as written.
    expect(await report(bob, bad.messageId)).toEqual({
      status: 409,
      body: { error: 'This message was already removed' },
    });
    await send(alice, bob, 'Sorry about that', id);
    expect(await inboxPreview(bob, id)).toBe('Sorry about that');
    expect((await conversationAs(alice, id)).messages.map((m: Json) => m.content)).toEqual([
      'A fine first message',
      REMOVED_TEXT,
      'Sorry about that',
    ]);
  });

  it("leaves the inbox preview alone when the removed message is not the conversation's latest", async () => {
    const [alice, bob] = [await h.user(), await h.user()];
    const bad = await send(alice, bob, 'Rude remark');
    await send(bob, alice, 'Please stop', bad.conversationId);
    expect((await report(bob, bad.messageId)).status).toBe(201);
    await resolve({ target_id: bad.messageId, reporter_ids: [bob.id] });
    expect(await inboxPreview(alice, bad.conversationId)).toBe('Please stop');
    expect(
      (await conversationAs(bob, bad.conversationId)).messages.map((m: Json) => m.content),
    ).toEqual([REMOVED_TEXT, 'Please stop']);
  });

  it("'dismiss' closes the reports, tells nobody and lets the recipient report again", async () => {
    const [alice, bob] = [await h.user(), await h.user()];
    const { messageId, conversationId } = await send(alice, bob, 'Borderline joke');
    expect((await report(bob, messageId)).status).toBe(201);
    expect(await report(bob, messageId)).toEqual(ALREADY);

    await resolve({ target_id: messageId, reporter_ids: [bob.id], action: 'dismiss' });

    expect(await reportsOf(messageId)).toEqual([
      expect.objectContaining({ status: 'closed', resolution: 'dismiss' }),
    ]);
    expect(await notificationsOf(bob)).toEqual([]);
    expect((await conversationAs(bob, conversationId)).messages[0].content).toBe('Borderline joke');
    expect(await inboxPreview(alice, conversationId)).toBe('Borderline joke');

    // Closed reports leave room for a new one.
    expect((await report(bob, messageId, { reason: 'It happened again' })).status).toBe(201);
    expect((await reportsOf(messageId)).map((r) => r.status)).toEqual(['closed', 'open']);
    expect(await reportedEventsOf(messageId)).toHaveLength(2);
  });

  it('rolls a resolution cut off half-way back whole, and its retry applies all of it', async () => {
    const [alice, bob] = [await h.user(), await h.user()];
    const { messageId, conversationId } = await send(alice, bob, 'Cut off');
    expect((await report(bob, messageId)).status).toBe(201);
    // The inbox preview's write fails once, after the reports closed and the message was marked
    // removed: outside one transaction the retry would find the message removed and skip it.
    vi.spyOn(h.models.Conversation, 'updateOne').mockImplementationOnce(
      () => Promise.reject(new Error('injected failure mid-resolution')) as never,
    );
    await resolve({ target_id: messageId, reporter_ids: [bob.id] });
    expect(h.models.Conversation.updateOne).toHaveBeenCalledTimes(2);
    expect(await inboxPreview(alice, conversationId)).toBe(REMOVED_TEXT);
    expect((await conversationAs(alice, conversationId)).messages[0].content).toBe(REMOVED_TEXT);
    expect((await reportsOf(messageId)).map((r) => r.status)).toEqual(['closed']);
    expect(await notificationsOf(bob)).toHaveLength(1);
  });

  it('applies a redelivered event once', async () => {
    const [alice, bob] = [await h.user(), await h.user()];
    const { messageId } = await send(alice, bob, 'Twice?');
    expect((await report(bob, messageId)).status).toBe(201);
    const { id, data } = await resolve({ target_id: messageId, reporter_ids: [bob.id] });
    const removedAt = (await h.models.Message.findById(messageId).lean())!.removed_at;

    // The same event again, past JetStream's de-duplication (as after the duplicate window).
    await h.publishRaw(Subjects.ReportResolved, {
      ...data,
      id,
      occurred_at: new Date().toISOString(),
      version: 1,
    });
    await h.caughtUp();
    expect(await notificationsOf(bob)).toHaveLength(1);
    expect((await h.models.Message.findById(messageId).lean())!.removed_at).toEqual(removedAt);
    expect(
      await h.service.conn
        .collection(PROCESSED_EVENTS_COLLECTION)
        .countDocuments({ event_id: id, consumer: REPORT_RESOLUTIONS_DURABLE }),
    ).toBe(1);
  });
});

describe('forum.report.resolved for a post or a comment', () => {
  it("'remove' tells each reporter, routed to the item", async () => {
    const [carol, dan, author] = [await h.user(), await h.user(), await h.user()];
    const post = newId();
    await resolve({
      target_type: 'post',
      target_id: post,
      post_id: post,
      target_title: 'Cheap watches',
      community_name: 'cats',
      reporter_ids: [carol.id, dan.id],
    });
    for (const reporter of [carol, dan]) {
      expect(await notificationsOf(reporter)).toEqual([
        expect.objectContaining({
          title: 'A post you reported was removed',
          content: '"Cheap watches" in c/cats',
          post_id: post,
          related_id: post,
        }),
      ]);
    }
    expect(await notificationsOf(author)).toEqual([]);

    const comment = newId();
    await resolve({
      target_type: 'comment',
      target_id: comment,
      post_id: post,
      target_title: 'Cheap watches',
      community_name: 'cats',
      reporter_ids: [carol.id],
    });
    expect((await notificationsOf(carol)).at(-1)).toMatchObject({
      title: 'A comment you reported was removed',
      content: 'On "Cheap watches" in c/cats',
      post_id: post,
      related_id: comment,
    });
  });

  it("'dismiss' tells nobody", async () => {
    const reporter = await h.user();
    const post = newId();
    await resolve({
      target_type: 'post',
      target_id: post,
      post_id: post,
      target_title: 'Fine post',
      community_name: 'cats',
      reporter_ids: [reporter.id],
      action: 'dismiss',
    });
    expect(await notificationsOf(reporter)).toEqual([]);
  });
});
