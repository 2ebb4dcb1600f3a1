import type { ServiceHandlers } from '@forum/service-kit';
import type { ForumDeps } from '../deps.js';
import { seesReporters } from '../policies/report-policy.js';
import { presentReport, presentReportPage } from '../presenters/report.js';
import { reportPost } from '../use-cases/report-post.js';
import { reportComment } from '../use-cases/report-comment.js';
import { listCommunityReports } from '../use-cases/list-community-reports.js';
import { listAdminReports } from '../use-cases/list-admin-reports.js';
import { resolveReport } from '../use-cases/resolve-report.js';

const REPORTED = { message: 'Thank you. The moderators will review your report.' };

/** Reports and the moderation queues (EXTENSIONS §M5). */
export function reportHandlers(deps: ForumDeps) {
  return {
    'POST /api/posts/{id}/report': async ({ user, params, body }) => {
      await reportPost(deps, user, params.id, body.reason);
      return REPORTED;
    },
    'POST /api/comments/{id}/report': async ({ user, params, body }) => {
      await reportComment(deps, user, params.id, body.reason);
      return REPORTED;
    },
    'GET /api/communities/{id}/reports': async ({ user, params, query }) => {
      const { page, role } = await listCommunityReports(deps, user, params.id, query);
      return presentReportPage(page, seesReporters(role));
    },
    'GET /api/admin/reports': async ({ query }) =>
      presentReportPage(await listAdminReports(deps, query), true),
    'POST /api/reports/{id}/resolve': async ({ user, params, body }) => {
      const { report, role } = await resolveReport(deps, user, params.id, body);
      return { report: presentReport(report, seesReporters(role)) };
    },
  } satisfies Partial<ServiceHandlers<'forum'>>;
}
