import { isDuplicateKeyError, serviceUnavailable } from '@forum/service-kit';
import type { ClientSession, Types } from 'mongoose';
import type { ForumModels } from '../../models/index.js';
import type { ReportDoc, ReportEntry, ReportTarget } from '../../models/report.js';

/**
 * Reports kept on one item per open cycle: bounds the document (16 MB) and the reporter list
 * forum.report.resolved carries. An item reported this often is at the top of every queue; later
 * reports are accepted and change nothing.
 */
export const MAX_REPORTS_PER_ITEM = 1000;

/** What the queue shows of the reported item, copied with its first report. */
export type ReportedItemInfo = Pick<
  ReportDoc,
  | 'target_type'
  | 'target_id'
  | 'community_id'
  | 'community_name'
  | 'post_id'
  | 'target_title'
  | 'target_excerpt'
  | 'target_author_id'
  | 'target_author_username'
>;

/** added: the report is on the item's open document; full: accepted, not kept (see above). */
export type FiledReport = 'added' | 'duplicate' | 'full';

const openOf = (type: ReportTarget, id: Types.ObjectId) => ({
  target_type: type,
  target_id: id,
  status: 'open' as const,
});

/** Rounds lost to concurrent reports of the same item before giving up (each needs a winner). */
const ATTEMPTS = 5;

/**
 * Adds one report to the item's open document, creating it with the first: the duplicate check
 * and the push are one conditional update, and the unique index on the open document folds
 * concurrent first reports into one (the loser pushes onto the winner's). With a session
 * (a consumer's transaction) nothing races: the consumer applies one event at a time.
 */
export async function fileReport(
  { Report }: Pick<ForumModels, 'Report'>,
  item: ReportedItemInfo,
  entry: ReportEntry,
  session?: ClientSession,
): Promise<FiledReport> {
  const open = openOf(item.target_type, item.target_id);
  const options = session ? { session } : {};
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const pushed = await Report.updateOne(
      {
        ...open,
        'reports.reporter_id': { $ne: entry.reporter_id },
        report_count: { $lt: MAX_REPORTS_PER_ITEM },
      },
      { $push: { reports: entry }, $inc: { report_count: 1 } },
      options,
    );
    if (pushed.modifiedCount === 1) return 'added';
    const current = await Report.findOne(open, {
      report_count: 1,
      reports: { $elemMatch: { reporter_id: entry.reporter_id } },
    })
      .session(session ?? null)
      .lean<Pick<ReportDoc, 'report_count' | 'reports'>>();
    if (current?.reports?.length) return 'duplicate';
    if (current && current.report_count >= MAX_REPORTS_PER_ITEM) return 'full';
    if (current) continue; // opened between the two reads: push onto it
    try {
      await Report.create(
        [
          {
            ...item,
            reports: [entry],
            report_count: 1,
            status: 'open',
            created_at: entry.created_at,
            resolved_at: null,
            resolution: null,
          },
        ],
        options,
      );
      return 'added';
    } catch (err) {
      // A concurrent first report opened it: the next round pushes onto that one.
      if (session || !isDuplicateKeyError(err)) throw err;
    }
  }
  throw serviceUnavailable('The item is being reported by many users at once, try again');
}
