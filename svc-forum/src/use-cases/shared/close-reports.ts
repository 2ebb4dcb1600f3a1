import { Subjects } from '@forum/contracts';
import { toObjectId } from '@forum/service-kit';
import type { Types } from 'mongoose';
import type { ForumDeps } from '../../deps.js';
import type { ReportAction, ReportDoc, ReportTarget } from '../../models/report.js';
import type { ModerationStep } from './run-moderation.js';

export interface Closing {
  action: ReportAction;
  reason: string | null;
}

/** Which open reports to close: one report document, or whatever is open on an item. */
export type ReportSelector =
  { _id: Types.ObjectId } | { target_type: ReportTarget; target_id: Types.ObjectId };

/**
 * Closes every open report the selector names (one document: an item has one open cycle) and
 * writes forum.report.resolved, in the step's transaction: the event exists exactly when the
 * reports were closed. Null when nothing was open.
 */
export async function closeReports(
  { models, outbox }: Pick<ForumDeps, 'models' | 'outbox'>,
  { session, moderator }: Pick<ModerationStep, 'session' | 'moderator'>,
  selector: ReportSelector,
  closing: Closing,
): Promise<ReportDoc | null> {
  const resolvedAt = new Date();
  const closed = await models.Report.findOneAndUpdate(
    { ...selector, status: 'open' },
    {
      $set: {
        status: 'closed',
        resolved_at: resolvedAt,
        resolution: {
          action: closing.action,
          reason: closing.reason,
          moderator_id: toObjectId(moderator.id),
          moderator_username: moderator.username,
        },
      },
    },
    { returnDocument: 'after', session },
  ).lean<ReportDoc>();
  if (!closed) return null;
  await outbox.add(
    Subjects.ReportResolved,
    {
      report_id: closed._id.toHexString(),
      target_type: closed.target_type,
      target_id: closed.target_id.toHexString(),
      action: closing.action,
      reporter_ids: closed.reports.map((r) => r.reporter_id.toHexString()),
      target_title: closed.target_title,
      community_name: closed.community_name,
      post_id: closed.post_id?.toHexString() ?? null,
      resolved_at: resolvedAt.toISOString(),
    },
    { session },
  );
  return closed;
}
