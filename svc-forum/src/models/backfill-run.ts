import { Schema, type Connection, type Model } from 'mongoose';

/**
 * One document per start-up backfill that keeps no version stamp of its own: which version of it
 * last ran to the end on this database (bump the backfill's version to make it run again).
 */
export interface BackfillRunDoc {
  /** The backfill's name. */
  _id: string;
  version: number;
  finished_at: Date;
}
export type BackfillRunModel = Model<BackfillRunDoc>;

const backfillRunSchema = new Schema<BackfillRunDoc>(
  {
    _id: { type: String, required: true },
    version: { type: Number, required: true },
    finished_at: { type: Date, required: true },
  },
  { collection: 'backfill_runs', versionKey: false },
);

export const defineBackfillRunModel = (conn: Connection): BackfillRunModel =>
  (conn.models.BackfillRun as BackfillRunModel | undefined) ??
  conn.model<BackfillRunDoc>('BackfillRun', backfillRunSchema);
