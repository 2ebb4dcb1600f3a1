import { ModerationTexts as T } from '@forum/contracts';
import { conflict, notFound, toObjectId, type AuthUser } from '@forum/service-kit';
import type { ForumDeps } from '../deps.js';
import type { ReportAction, ReportDoc } from '../models/report.js';
import type { CommunityRole } from '../policies/moderation-policy.js';
import { assertCanResolve } from '../policies/report-policy.js';
import { closeReports } from './shared/close-reports.js';
import { loadCommunityRole } from './shared/community-role.js';
import { isBeingDeleted } from './shared/hidden.js';
import { applyPostChange, type ModeratedPost } from './shared/moderate-post.js';
import {
  applyCommentChange,
  loadPostTitle,
  type ModeratedComment,
} from './shared/moderate-comment.js';
import { runModeration, type ModerationStep } from './shared/run-moderation.js';
import { postRemoval } from './remove-post.js';
import { commentRemoval } from './remove-comment.js';

export const REPORT_CLOSED = 'The report is already closed';

/** The log's reason for a removal from the queue without one of its own: what reporters said. */
const REASON_MAX = 500;
export function reportedReasons(report: Pick<ReportDoc, 'reports'>): string {
  const reasons = [...new Set(report.reports.map((r) => r.reason))];
  const summary = [...`Reported: ${reasons.join('; ')}`];
  return summary.length > REASON_MAX
    ? `${summary.slice(0, REASON_MAX - 1).join('')}…`
    : summary.join('');
}

type Removal = (step: ModerationStep) => Promise<unknown>;

/**
 * The §M2 removal a `remove` resolution performs, or null when there is nothing to remove: the
 * item is already removed, deleted or being deleted, or a message (messaging hides it on
 * forum.report.resolved).
 */
async function removalOf(
  deps: ForumDeps,
  report: ReportDoc,
  reason: string,
): Promise<Removal | null> {
  const { models } = deps;
  if (report.target_type === 'post') {
    const post = await models.Post.findById(report.target_id).lean<ModeratedPost>();
    if (!post || post.removed || post.deleting) return null;
    if (await isBeingDeleted(models, [post._id, post.community_id])) return null;
    return (step) => applyPostChange(deps, step, post, postRemoval(deps, reason));
  }
  if (report.target_type === 'comment') {
    const comment = await models.Comment.findById(report.target_id).lean<ModeratedComment>();
    if (!comment || comment.removed || comment.is_deleted) return null;
    if (await isBeingDeleted(models, [comment.post_id, comment.community_id])) return null;
    const title = await loadPostTitle(models, comment);
    return (step) => applyCommentChange(deps, step, comment, title, commentRemoval(deps, reason));
  }
  return null;
}

/** The caller's role where the report belongs (a message report belongs to the admin alone). */
const roleFor = (
  models: ForumDeps['models'],
  report: ReportDoc,
  user: AuthUser,
): Promise<CommunityRole> =>
  report.community_id
    ? loadCommunityRole(models, report.community_id, user)
    : Promise.resolve(user.isAdmin ? 'admin' : null);

/**
 * POST /reports/{id}/resolve (EXTENSIONS §M5): closes every report on the item. `remove` also
 * removes it as §M2 does (its log entry, the author's notification), unless it is already
 * removed or gone; its reason defaults to the reports' reasons. The closing, the removal and
 * forum.report.resolved are one transaction.
 */
export async function resolveReport(
  deps: ForumDeps,
  user: AuthUser,
  id: string,
  body: { action: ReportAction; reason?: string | undefined },
): Promise<{ report: ReportDoc; role: CommunityRole }> {
  const { models } = deps;
  const report = await models.Report.findById(toObjectId(id)).lean<ReportDoc>();
  if (!report) throw notFound(T.reportNotFound);
  const role = await roleFor(models, report, user);
  assertCanResolve(report.target_type, role);
  if (report.status === 'closed') throw conflict(REPORT_CLOSED);
  const reason = body.action === 'remove' ? (body.reason ?? reportedReasons(report)) : null;
  const removal = reason === null ? null : await removalOf(deps, report, reason);
  const closed = await runModeration(deps, user, async (step) => {
    const done = await closeReports(
      deps,
      step,
      { _id: report._id },
      {
        action: body.action,
        reason: reason ?? body.reason ?? null,
      },
    );
    // Closed since it was read (another moderator resolved it): nothing of this one happens.
    if (!done) throw conflict(REPORT_CLOSED);
    await removal?.(step);
    return done;
  });
  return { report: closed, role };
}
