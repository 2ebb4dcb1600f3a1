import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { REPORT_STATUSES, REPORT_TARGETS } from '@forum/contracts';
import { toPlainText } from '@forum/rich-text/plain';

export type ReportTarget = (typeof REPORT_TARGETS)[number];
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export type ReportAction = 'dismiss' | 'remove';

/** One user's report of the item. */
export interface ReportEntry {
  reporter_id: Types.ObjectId;
  reporter_username: string;
  reason: string;
  created_at: Date;
}

/** How the reports on the item were closed. */
export interface ReportResolution {
  action: ReportAction;
  reason: string | null;
  moderator_id: Types.ObjectId;
  moderator_username: string;
}

/**
 * Every report on one item while it is open (EXTENSIONS §M5): one document per reported item and
 * open cycle, so the queue shows one row per item and the first reports of several users fold
 * into one by a unique index. Names and the excerpt are copied at the first report: the queue
 * reads the same after an edit or a delete.
 */
export interface ReportDoc {
  _id: Types.ObjectId;
  target_type: ReportTarget;
  target_id: Types.ObjectId;
  /** null for a message (the admin's queue only). */
  community_id: Types.ObjectId | null;
  community_name: string | null;
  /** The post the item is on (itself for a post); null for a message. */
  post_id: Types.ObjectId | null;
  /** The post's title (a comment's post title); null for a message. */
  target_title: string | null;
  target_excerpt: string;
  target_author_id: Types.ObjectId;
  target_author_username: string;
  reports: ReportEntry[];
  report_count: number;
  status: ReportStatus;
  /** The first report. */
  created_at: Date;
  resolved_at: Date | null;
  resolution: ReportResolution | null;
}
export type ReportModel = Model<ReportDoc>;

/** How much of the item the queue shows. */
export const EXCERPT_MAX = 200;

/** The start of an item's text for the queue, cut on a code point. */
/** The item's text as a preview (EXTENSIONS §F1: plain text, spoilers hidden), "…" included. */
export const excerptOf = (text: string): string => toPlainText(text, EXCERPT_MAX - 1);

const reportEntrySchema = new Schema<ReportEntry>(
  {
    reporter_id: { type: Schema.Types.ObjectId, required: true },
    reporter_username: { type: String, required: true },
    reason: { type: String, required: true },
    created_at: { type: Date, required: true },
  },
  { _id: false },
);

const resolutionSchema = new Schema<ReportResolution>(
  {
    action: { type: String, enum: ['dismiss', 'remove'], required: true },
    reason: { type: String, default: null },
    moderator_id: { type: Schema.Types.ObjectId, required: true },
    moderator_username: { type: String, required: true },
  },
  { _id: false },
);

const reportSchema = new Schema<ReportDoc>(
  {
    target_type: { type: String, enum: REPORT_TARGETS, required: true },
    target_id: { type: Schema.Types.ObjectId, required: true },
    community_id: { type: Schema.Types.ObjectId, default: null },
    community_name: { type: String, default: null },
    post_id: { type: Schema.Types.ObjectId, default: null },
    target_title: { type: String, default: null },
    target_excerpt: { type: String, default: '' },
    target_author_id: { type: Schema.Types.ObjectId, required: true },
    target_author_username: { type: String, required: true },
    reports: { type: [reportEntrySchema], default: [] },
    report_count: { type: Number, default: 0 },
    status: { type: String, enum: REPORT_STATUSES, required: true },
    created_at: { type: Date, required: true },
    resolved_at: { type: Date, default: null },
    resolution: { type: resolutionSchema, default: null },
  },
  { collection: 'reports', versionKey: false },
);

// One open document per item: concurrent first reports fold into one (the loser adds itself to
// the winner's), and closing the item's reports is one conditional update. Also serves "the
// item's open reports" when a moderator removes it directly.
reportSchema.index(
  { target_type: 1, target_id: 1 },
  { unique: true, partialFilterExpression: { status: 'open' }, name: 'one_open_report_per_item' },
);
// The queues (domain/report-query.ts; report-indexes.test.ts checks each shape): a community's
// and the admin's site-wide, open ones oldest first, closed ones newest resolution first. The
// community ones also serve the community delete's cascade.
for (const scope of [{ community_id: 1 }, {}] as Record<string, 1>[]) {
  reportSchema.index({ ...scope, status: 1, created_at: 1, _id: 1 });
  reportSchema.index({ ...scope, status: 1, resolved_at: -1, _id: -1 });
}

// The reports a user made (the account export; a deleted account's name leaves them): multikey.
reportSchema.index({ 'reports.reporter_id': 1 });
// The items of a user (a deleted account's name leaves the queues).
reportSchema.index({ target_author_id: 1 });

export const defineReportModel = (conn: Connection): ReportModel =>
  (conn.models.Report as ReportModel | undefined) ?? conn.model<ReportDoc>('Report', reportSchema);
