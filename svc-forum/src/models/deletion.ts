import { Schema, type Connection, type Model, type Types } from 'mongoose';

/**
 * The filter every write that adds to a post or community carries (a counter's $inc): once a
 * delete has marked the target, the write matches nothing and its transaction is abandoned, so
 * nothing new lands under a parent whose children are being removed.
 */
export const NOT_DELETING = { deleting: { $ne: true } } as const;

export type DeletionKind = 'community' | 'post';

/**
 * A delete in progress (a tombstone): written in the same transaction that marks its target
 * `deleting`, removed once the cascade is done. Every read hides the targets listed here (and,
 * through them, their children) at once; a retried DELETE, the start-up resume and the periodic
 * sweep finish what is listed. It holds everything the cascade still needs once the target's own
 * document is gone.
 */
export interface DeletionDoc {
  /** The community's or the post's id. */
  _id: Types.ObjectId;
  kind: DeletionKind;
  /** The creator or author who asked: only they may resume it by repeating the DELETE. */
  requested_by: Types.ObjectId;
  /** The community's logo, released at the end. */
  logo_url: string | null;
  /** Post images of the posts being deleted now (the post's own, or a community batch's). */
  images: string[];
  started_at: Date;
  /** Refreshed by each batch: the sweep takes over deletions that stopped moving. */
  heartbeat_at: Date;
}
export type DeletionModel = Model<DeletionDoc>;

const deletionSchema = new Schema<DeletionDoc>(
  {
    _id: { type: Schema.Types.ObjectId, required: true },
    kind: { type: String, enum: ['community', 'post'], required: true },
    requested_by: { type: Schema.Types.ObjectId, required: true },
    logo_url: { type: String, default: null },
    images: { type: [String], default: [] },
    started_at: { type: Date, required: true },
    heartbeat_at: { type: Date, required: true },
  },
  { collection: 'deletions', versionKey: false },
);
// The sweep: deletions whose last batch is older than the stall limit.
deletionSchema.index({ heartbeat_at: 1 });

export const defineDeletionModel = (conn: Connection): DeletionModel =>
  (conn.models.Deletion as DeletionModel | undefined) ??
  conn.model<DeletionDoc>('Deletion', deletionSchema);
