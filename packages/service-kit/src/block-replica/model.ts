import { Schema, type Connection, type Model, type Types } from 'mongoose';

/**
 * A service's replica of identity's blocks (EXTENSIONS §B1), from identity.block.changed (forum:
 * what the blocker's lists leave out and which comments fold; messaging: who may not write to
 * whom, whose notifications are dropped). A lifted block stays as `blocked: false`, so its
 * version still orders the events that come after it.
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

export const BLOCKS_COLLECTION = 'blocks';
/** Every read names the blocker (or blockers); the unique pair index starts with it. */
export const BLOCKS_SHARD_KEY = { blocker_id: 1 } as const;

/**
 * The model with the pair's unique index (applying an event names the pair; messaging's checks
 * read it too); `extraIndexes` are the service's own reads.
 */
export function defineBlockModel(
  conn: Connection,
  extraIndexes: Record<string, 1 | -1>[] = [],
): BlockModel {
  const existing = conn.models.Block as BlockModel | undefined;
  if (existing) return existing;
  const schema = new Schema<BlockDoc>(
    {
      blocker_id: { type: Schema.Types.ObjectId, required: true },
      blocked_id: { type: Schema.Types.ObjectId, required: true },
      blocked: { type: Boolean, required: true },
      version: { type: Number, required: true },
      changed_at: { type: Date, required: true },
    },
    { collection: BLOCKS_COLLECTION, versionKey: false },
  );
  schema.index({ blocker_id: 1, blocked_id: 1 }, { unique: true });
  // The rows naming a deleted account as the blocked one (forgetUserBlocks).
  schema.index({ blocked_id: 1 });
  for (const index of extraIndexes) schema.index(index);
  return conn.model<BlockDoc>('Block', schema);
}
