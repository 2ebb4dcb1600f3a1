import type { ForumModels } from '../../models/index.js';
import type { ReportDoc } from '../../models/report.js';
import { reportQueue, type QueueScope } from '../../domain/queue-query.js';

export interface ReportPage {
  reports: ReportDoc[];
  total: number;
  hasMore: boolean;
}

/** One indexed page of a report queue and its count. */
export async function findReportPage(
  { Report }: Pick<ForumModels, 'Report'>,
  scope: QueueScope,
  { limit, offset }: { limit: number; offset: number },
): Promise<ReportPage> {
  const { filter, sort } = reportQueue(scope);
  const [reports, total] = await Promise.all([
    Report.find(filter).sort(sort).skip(offset).limit(limit).lean<ReportDoc[]>(),
    Report.countDocuments(filter),
  ]);
  return { reports, total, hasMore: offset + reports.length < total };
}
