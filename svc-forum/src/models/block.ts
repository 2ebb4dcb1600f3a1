import { Schema, type Connection, type Model, type Types } from 'mongoose';

/**
 * Forum's replica of identity's blocks (EXTENSIONS §B1), from identity.block.changed: what the
 * blocker's lists leave out and which comments they see collapsed. A lifted block stays as
 * `blocked: false`, so its version still orders the events that come after it.
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
// One row per pair (applying an event names the pair; the shard key is its prefix).
blockSchema.index({ blocker_id: 1, blocked_id: 1 }, { unique: true });
// The caller's active blocks, read on every signed-in list: lifted ones are not walked past.
blockSchema.index({ blocker_id: 1, blocked: 1, blocked_id: 1 });

export const defineBlockModel = (conn: Connection): BlockModel =>
  (conn.models.Block as BlockModel | undefined) ?? conn.model<BlockDoc>('Block', blockSchema);
