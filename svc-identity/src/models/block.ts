import { Schema, type Connection, type Model, type Types } from 'mongoose';

/**
 * One (blocker, blocked) pair (EXTENSIONS §B1). Unblocking keeps the document with
 * `blocked: false` so `version` keeps growing: forum and messaging replicas apply an
 * identity.block.changed only when it is newer than what they hold.
 */
export interface BlockDoc {
  _id: Types.ObjectId;
  blocker_id: Types.ObjectId;
  blocked_id: Types.ObjectId;
  blocked: boolean;
  /** +1 per change of the pair (1 for the first block). */
  version: number;
  /** When the current block began (set again by a block after an unblock). */
  created_at: Date;
  changed_at: Date;
}
export type BlockModel = Model<BlockDoc>;

/** GET /api/blocks answers at most this many (newest first); the contract has no pages. */
export const BLOCK_LIST_CAP = 1000;

const schema = new Schema<BlockDoc>(
  {
    blocker_id: { type: Schema.Types.ObjectId, required: true },
    blocked_id: { type: Schema.Types.ObjectId, required: true },
    blocked: { type: Boolean, required: true },
    version: { type: Number, required: true },
    created_at: { type: Date, required: true },
    changed_at: { type: Date, required: true },
  },
  { collection: 'blocks', versionKey: false },
);
// One document per pair; it starts with the shard key (blocker_id).
schema.index({ blocker_id: 1, blocked_id: 1 }, { unique: true });
// The blocker's list, newest first (_id orders blocks made in the same millisecond).
schema.index({ blocker_id: 1, blocked: 1, created_at: -1, _id: -1 });
// Account deletion removes the blocks others made on the deleted user.
schema.index({ blocked_id: 1 });

export const defineBlockModel = (conn: Connection): BlockModel =>
  (conn.models.Block as BlockModel | undefined) ?? conn.model<BlockDoc>('Block', schema);
