import type { ReportedItem } from '@forum/contracts';
import type { ReportDoc } from '../models/report.js';
import type { ReportPage } from '../use-cases/shared/report-page.js';
import { presentPagination } from './pagination.js';

/**
 * One row per reported item. Reporters are named to the admin only (EXTENSIONS §M5: moderators
 * do not see who reported).
 */
export const presentReport = (doc: ReportDoc, withReporters: boolean): ReportedItem => ({
  id: doc._id.toHexString(),
  target_type: doc.target_type,
  target_id: doc.target_id.toHexString(),
  community_id: doc.community_id?.toHexString() ?? null,
  post_id: doc.post_id?.toHexString() ?? null,
  target_title: doc.target_title ?? null,
  target_excerpt: doc.target_excerpt,
  target_author_username: doc.target_author_username,
  report_count: doc.report_count,
  reasons: doc.reports.map((r) => r.reason),
  ...(withReporters ? { reporter_usernames: doc.reports.map((r) => r.reporter_username) } : {}),
  status: doc.status,
  created_at: doc.created_at.toISOString(),
  resolution:
    doc.resolution && doc.resolved_at
      ? {
          action: doc.resolution.action,
          reason: doc.resolution.reason,
          moderator_username: doc.resolution.moderator_username,
          resolved_at: doc.resolved_at.toISOString(),
        }
      : null,
});

export const presentReportPage = (page: ReportPage, withReporters: boolean) => ({
  reports: page.reports.map((doc) => presentReport(doc, withReporters)),
  pagination: presentPagination(page),
});
