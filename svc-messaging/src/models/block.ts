import { Schema, type Connection, type Model, type Types } from 'mongoose';

/**
 * Messaging's replica of identity's blocks (EXTENSIONS §B1), from identity.block.changed. A
 * lifted block stays as `blocked: false` so its version still orders later events.
 */
export interface BlockDoc {
  _id: Types.ObjectId;
  blocker_id: Types.ObjectId;
  blocked_id: Types.ObjectId;
  blocked: boolean;
  /** The pair's version at identity: only a newer event changes the row. */
  version: number;
  changed_at: Date;
}
export type BlockModel = Model<BlockDoc>;

const blockSchema = new Schema<BlockDoc>(
  {
    blocker_id: { type: Schema.Types.ObjectId, required: true },
    blocked_id: { type: Schema.Types.ObjectId, required: true },
    blocked: { type: Boolean, required: true },
    version: { type: Number, required: true },
    changed_at: { type: Date, required: true },
  },
  { collection: 'blocks', versionKey: false },
);
// Shard key { blocker_id: 1 }. One row per pair; serves applying an event (the pair), refusing a
// message (has the recipient blocked the sender) and dropping notifications (which of an event's
// recipients blocked its actor: blocker_id $in, blocked_id equal).
blockSchema.index({ blocker_id: 1, blocked_id: 1 }, { unique: true });

export const defineBlockModel = (conn: Connection): BlockModel =>
  (conn.models.Block as BlockModel | undefined) ?? conn.model<BlockDoc>('Block', blockSchema);
