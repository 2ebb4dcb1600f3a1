import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSONCodec } from 'nats';
import { Types } from 'mongoose';
import {
  ModerationTexts as T,
  ModlogResponse,
  ReportResponse,
  Streams,
  Subjects,
  createEvent,
  type EventData,
  type EventOf,
} from '@forum/contracts';
import {
  PROCESSED_EVENTS_COLLECTION,
  publishEvent,
  type RunningConsumer,
} from '@forum/service-kit';
import { captureLogs, waitFor } from '@forum/service-kit/testing';
import type { Harness, TestUser } from '../test-support/harness.js';
import { modlog, ok, startModeration, type ModWorld } from '../test-support/moderation.js';
import {
  adminReports,
  communityReports,
  reportOf,
  resolvedEvents,
} from '../test-support/reports.js';
import { startModerationInbox } from './moderation-inbox.js';
import { MESSAGE_REPORTS_DURABLE, SITE_MODERATION_DURABLE } from './streams.js';

/**
 * What other services tell forum's moderation, through real published events: a recipient's
 * message report joins the admin's queue (EXTENSIONS §M5), the admin's deactivation and
 * reactivation become site-wide entries of the public log (§M3). Both apply once per event, also
 * when it is delivered again.
 */
let h: Harness;
let admin: TestUser;
let w: ModWorld;
let consumers: RunningConsumer[];
beforeAll(async () => {
  ({ h, admin, w } = await startModeration());
  const { logger } = captureLogs('svc-forum-test', 'warn');
  consumers = await startModerationInbox({
    js: h.nc.jetstream(),
    conn: h.conn,
    logger,
    models: h.models,
    backoffBaseMs: 100,
  });
});
afterAll(async () => {
  for (const c of consumers ?? []) await c.stop();
  await h?.stop();
});

type Inbound = typeof Subjects.MessageReported | typeof Subjects.SiteModerationRecorded;

/** Publishes as messaging or identity would; resolves to the event and its stream sequence. */
async function publish<S extends Inbound>(subject: S, data: EventData<S>) {
  const event = createEvent(subject, data);
  const ack = await publishEvent(h.nc.jetstream(), subject, event);
  return { event, seq: ack.seq };
}

/**
 * The same event delivered again after JetStream's duplicate window (a new msgID, as a producer's
 * replay after a crash would be): the stream stores it a second time.
 */
async function redeliver<S extends Inbound>(subject: S, event: EventOf<S>) {
  const ack = await h.nc
    .jetstream()
    .publish(subject, JSONCodec().encode(event), { msgID: new Types.ObjectId().toHexString() });
  expect(ack.duplicate).toBe(false);
  return ack.seq;
}

/** The durable has taken and acknowledged everything up to `seq`. */
const drained = (stream: string, durable: string, seq: number) =>
  waitFor(
    async () => {
      const info = await (await h.nc.jetstreamManager()).consumers.info(stream, durable);
      return info.ack_floor.stream_seq >= seq && info.num_ack_pending === 0;
    },
    { what: `${durable} past ${seq}`, timeoutMs: 20_000 },
  );

const messageReport = (
  message: string,
  reporter: TestUser,
  author: TestUser,
  reason = 'Harassment',
): EventData<typeof Subjects.MessageReported> => ({
  message_id: message,
  reporter_id: reporter.id,
  reporter_username: reporter.username,
  author_id: author.id,
  author_username: author.username,
  excerpt: 'You will regret this',
  reason,
  created_at: new Date().toISOString(),
});

describe('message reports (messaging.message.reported)', () => {
  it("join the admin's queue alone, with the reporter; a redelivery changes nothing", async () => {
    const message = new Types.ObjectId().toHexString();
    const { event, seq } = await publish(
      Subjects.MessageReported,
      messageReport(message, w.outsider, w.member),
    );
    await drained(Streams.messaging.name, MESSAGE_REPORTS_DURABLE, seq);
    expect(await reportOf(h, admin, message)).toEqual({
      id: expect.any(String),
      target_type: 'message',
      target_id: message,
      community_id: null,
      post_id: null,
      target_title: null,
      target_excerpt: 'You will regret this',
      target_author_username: w.member.username,
      report_count: 1,
      reasons: ['Harassment'],
      reporter_usernames: [w.outsider.username],
      status: 'open',
      created_at: new Date(event.created_at).toISOString(),
      resolution: null,
    });
    expect(await communityReports(h, w.owner, w.community.id)).not.toContainEqual(
      expect.objectContaining({ target_id: message }),
    );

    await drained(
      Streams.messaging.name,
      MESSAGE_REPORTS_DURABLE,
      await redeliver(Subjects.MessageReported, event),
    );
    // Another event of the same report (messaging refuses a second one; forum folds it anyway).
    const again = await publish(
      Subjects.MessageReported,
      messageReport(message, w.outsider, w.member, 'Still'),
    );
    await drained(Streams.messaging.name, MESSAGE_REPORTS_DURABLE, again.seq);
    expect(await reportOf(h, admin, message)).toMatchObject({ report_count: 1 });
    expect(await h.models.Report.countDocuments({ target_id: message })).toBe(1);
  });

  it('only the admin resolves them; remove closes the report and tells messaging', async () => {
    const message = new Types.ObjectId().toHexString();
    const { seq } = await publish(
      Subjects.MessageReported,
      messageReport(message, w.outsider, w.member),
    );
    await drained(Streams.messaging.name, MESSAGE_REPORTS_DURABLE, seq);
    const row = (await reportOf(h, admin, message))!;
    for (const as of [w.owner, w.moderator, w.outsider, w.member]) {
      const res = await h.call('POST', `/api/reports/${row.id}/resolve`, {
        as,
        body: { action: 'remove' },
      });
      expect(res).toEqual({ status: 403, body: { error: T.forbidden } });
    }
    const siteLog = ModlogResponse.parse(await ok(h, 200, 'GET', '/api/modlog')).pagination.total;
    const res = await h.call('POST', `/api/reports/${row.id}/resolve`, {
      as: admin,
      body: { action: 'remove', reason: 'Threats' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(ReportResponse.parse(res.body).report).toMatchObject({
      status: 'closed',
      reporter_usernames: [w.outsider.username],
    });
    expect(await resolvedEvents(h, row.id, 1)).toEqual([
      expect.objectContaining({
        target_type: 'message',
        target_id: message,
        action: 'remove',
        reporter_ids: [w.outsider.id],
        target_title: null,
        community_name: null,
        post_id: null,
      }),
    ]);
    // A message has no public log entry.
    expect(ModlogResponse.parse(await ok(h, 200, 'GET', '/api/modlog')).pagination.total).toBe(
      siteLog,
    );
    expect((await adminReports(h, admin, 'closed')).map((r) => r.id)).toContain(row.id);
  });
});

describe('site bans (identity.user.site_moderated)', () => {
  const siteEvent = (
    action: 'site_ban' | 'site_unban',
    user: TestUser,
    reason: string | null,
  ): EventData<typeof Subjects.SiteModerationRecorded> => ({
    action,
    user_id: user.id,
    username: user.username,
    moderator_id: admin.id,
    moderator_username: admin.username,
    reason,
    created_at: new Date().toISOString(),
  });
  const siteEntries = async (user: TestUser, as?: TestUser) =>
    ModlogResponse.parse(
      await ok(h, 200, 'GET', '/api/modlog?limit=100', as ? { as } : {}),
    ).entries.filter((e) => e.target_id === user.id && e.community_id === null);

  it('write one public site-wide entry each, also when delivered again', async () => {
    const user = await h.user();
    const { event, seq } = await publish(
      Subjects.SiteModerationRecorded,
      siteEvent('site_ban', user, 'Spam across communities'),
    );
    await drained(Streams.identity.name, SITE_MODERATION_DURABLE, seq);
    const [entry, ...more] = await siteEntries(user);
    expect(more).toEqual([]);
    expect(entry).toEqual({
      id: expect.any(String),
      community_id: null,
      community_name: null,
      action: 'site_ban',
      moderator_username: 'admin',
      target_type: 'user',
      target_id: user.id,
      target_title: null,
      target_username: user.username,
      reason: 'Spam across communities',
      expires_at: null,
      created_at: new Date(event.created_at).toISOString(),
    });
    // Signed-in readers and the action filter see it too; no community's log holds it.
    expect(await siteEntries(user, w.outsider)).toEqual([entry]);
    const filtered = ModlogResponse.parse(await ok(h, 200, 'GET', '/api/modlog?action=site_ban'));
    expect(filtered.entries.map((e) => e.id)).toContain(entry!.id);
    expect((await modlog(h, w.community.id)).map((e) => e.id)).not.toContain(entry!.id);

    // Delivered again: the processed-event record stops it.
    await drained(
      Streams.identity.name,
      SITE_MODERATION_DURABLE,
      await redeliver(Subjects.SiteModerationRecorded, event),
    );
    expect(await siteEntries(user)).toHaveLength(1);
    // Delivered again once that record is gone (its TTL): the entry's event id stops it.
    const processed = h.conn.collection(PROCESSED_EVENTS_COLLECTION);
    const key = { consumer: SITE_MODERATION_DURABLE, event_id: event.id };
    expect((await processed.deleteOne(key)).deletedCount).toBe(1);
    await drained(
      Streams.identity.name,
      SITE_MODERATION_DURABLE,
      await redeliver(Subjects.SiteModerationRecorded, event),
    );
    expect(await processed.countDocuments(key)).toBe(1);
    expect(await siteEntries(user)).toHaveLength(1);

    const unban = await publish(
      Subjects.SiteModerationRecorded,
      siteEvent('site_unban', user, null),
    );
    await drained(Streams.identity.name, SITE_MODERATION_DURABLE, unban.seq);
    expect((await siteEntries(user)).map((e) => [e.action, e.reason])).toEqual([
      ['site_unban', null],
      ['site_ban', 'Spam across communities'],
    ]);
    // Not an appealable decision.
    const res = await h.call('POST', '/api/appeals', {
      as: user,
      body: { modlog_id: entry!.id, text: 'Let me back' },
    });
    expect(res.status).toBe(400);
  });
});
