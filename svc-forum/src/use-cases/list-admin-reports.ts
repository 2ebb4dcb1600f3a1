import type { QueueStatus } from '../domain/queue-query.js';
import { findReportPage, type ReportPage } from './shared/report-page.js';
import type { ForumDeps } from '../deps.js';

/** GET /admin/reports (the route checks the admin): every report of the site, messages included. */
export const listAdminReports = (
  { models }: Pick<ForumDeps, 'models'>,
  query: { status: QueueStatus; limit: number; offset: number },
): Promise<ReportPage> => findReportPage(models, { status: query.status }, query);
