import {
  AppealResponse,
  ModActionRecordedEvent,
  ReportResolvedEvent,
  ReportsResponse,
  Subjects,
  type Appeal,
  type EventOf,
  type ReportedItem,
} from '@forum/contracts';
import type { Harness, TestUser } from './harness.js';
import { ok } from './moderation.js';
import { publishedEvents } from './events.js';

/** `as` reports a post or a comment; resolves to the answer (status and body). */
export const report = (
  h: Harness,
  as: TestUser,
  kind: 'posts' | 'comments',
  id: string,
  reason = 'Spam',
) => h.call('POST', `/api/${kind}/${id}/report`, { as, body: { reason } });

/** A community's queue as `as` reads it (a moderator, the owner or the admin). */
export async function communityReports(
  h: Harness,
  as: TestUser,
  community: string,
  status: 'open' | 'closed' = 'open',
): Promise<ReportedItem[]> {
  const body = await ok(
    h,
    200,
    'GET',
    `/api/communities/${community}/reports?status=${status}&limit=100`,
    {
      as,
    },
  );
  return ReportsResponse.parse(body).reports;
}

/** The admin's site-wide queue. */
export async function adminReports(
  h: Harness,
  admin: TestUser,
  status: 'open' | 'closed' = 'open',
): Promise<ReportedItem[]> {
  const body = await ok(h, 200, 'GET', `/api/admin/reports?status=${status}&limit=100`, {
    as: admin,
  });
  return ReportsResponse.parse(body).reports;
}

/** The report row of one item in the admin's queue (open unless said otherwise). */
export const reportOf = async (
  h: Harness,
  admin: TestUser,
  targetId: string,
  status: 'open' | 'closed' = 'open',
) => (await adminReports(h, admin, status)).find((r) => r.target_id === targetId);

/** Every forum.report.resolved published for this report so far (at least `count`). */
export const resolvedEvents = (h: Harness, reportId: string, count = 0) =>
  publishedEvents(
    h,
    Subjects.ReportResolved,
    ReportResolvedEvent,
    (e) => e.report_id === reportId,
    count,
  );

/** Every forum.mod_action.recorded of this log entry so far (at least `count`). */
export const modActionEvents = (
  h: Harness,
  match: (e: EventOf<typeof Subjects.ModActionRecorded>) => boolean,
  count = 0,
) => publishedEvents(h, Subjects.ModActionRecorded, ModActionRecordedEvent, match, count);

/** `as` appeals the log entry; resolves to the appeal. */
export async function appeal(
  h: Harness,
  as: TestUser,
  modlogId: string,
  text = 'I did not break the rules.',
): Promise<Appeal> {
  const body = await ok(h, 201, 'POST', '/api/appeals', {
    as,
    body: { modlog_id: modlogId, text },
  });
  return AppealResponse.parse(body).appeal;
}

/** `as` decides the appeal; resolves to the answer. */
export const decide = (
  h: Harness,
  as: TestUser,
  appealId: string,
  outcome: 'overturn' | 'uphold',
  reason = 'Reviewed by the team',
) => h.call('POST', `/api/appeals/${appealId}/decide`, { as, body: { outcome, reason } });
