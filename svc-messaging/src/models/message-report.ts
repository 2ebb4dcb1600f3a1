import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { REPORT_STATUSES } from '@forum/contracts';

/**
 * A recipient's report of a message to the admin (EXTENSIONS §M5). Messaging keeps only what it
 * needs to refuse a second open report; forum keeps the admin's queue (messaging.message.reported)
 * and closes these through forum.report.resolved.
 */
export interface MessageReportDoc {
  _id: Types.ObjectId;
  message_id: Types.ObjectId;
  conversation_id: Types.ObjectId;
  reporter_id: Types.ObjectId;
  /** The message's sender. */
  author_id: Types.ObjectId;
  reason: string;
  status: (typeof REPORT_STATUSES)[number];
  /** How the admin resolved it; null while open. */
  resolution: 'dismiss' | 'remove' | null;
  created_at: Date;
  closed_at: Date | null;
}
export type MessageReportModel = Model<MessageReportDoc>;

const messageReportSchema = new Schema<MessageReportDoc>(
  {
    message_id: { type: Schema.Types.ObjectId, required: true },
    conversation_id: { type: Schema.Types.ObjectId, required: true },
    reporter_id: { type: Schema.Types.ObjectId, required: true },
    author_id: { type: Schema.Types.ObjectId, required: true },
    reason: { type: String, required: true },
    status: { type: String, enum: REPORT_STATUSES, required: true, default: 'open' },
    resolution: { type: String, enum: ['dismiss', 'remove', null], default: null },
    created_at: { type: Date, required: true },
    closed_at: { type: Date, default: null },
  },
  { collection: 'message_reports', versionKey: false },
);
// One open report per reporter and message (409 on a second); closed ones leave room for a new
// report. Also serves closing every open report of a message (message_id, status 'open').
messageReportSchema.index(
  { message_id: 1, reporter_id: 1 },
  {
    unique: true,
    partialFilterExpression: { status: 'open' },
    name: 'one_open_report_per_reporter',
  },
);

// The reports a user made, oldest first (their data export).
messageReportSchema.index({ reporter_id: 1, created_at: 1 });

export const defineMessageReportModel = (conn: Connection): MessageReportModel =>
  (conn.models.MessageReport as MessageReportModel | undefined) ??
  conn.model<MessageReportDoc>('MessageReport', messageReportSchema);
