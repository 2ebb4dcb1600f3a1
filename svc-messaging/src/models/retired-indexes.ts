import type { Connection } from 'mongoose';

const NAMESPACE_NOT_FOUND = 26;
const INDEX_NOT_FOUND = 27;

/**
 * Indexes that earlier versions built and the schemas no longer declare. They are dropped after
 * the declared ones are built, so a uniqueness rule never lapses in between.
 */
export const RETIRED_INDEXES: Record<string, string[]> = {
  // Unique (source_event_id, user_id) became (user_id, source_event_id): a sharded collection's
  // unique indexes must start with its shard key, user_id.
  notifications: ['source_event_id_1_user_id_1'],
};

const hasCode = (err: unknown, code: number) => (err as { code?: unknown }).code === code;

/** Drops the retired indexes an existing database still has; returns `collection.index` names. */
export async function dropRetiredIndexes(conn: Connection): Promise<string[]> {
  const dropped: string[] = [];
  for (const [name, indexes] of Object.entries(RETIRED_INDEXES)) {
    const collection = conn.collection(name);
    const existing = await collection.indexes().catch((err: unknown) => {
      if (hasCode(err, NAMESPACE_NOT_FOUND)) return [];
      throw err;
    });
    for (const index of indexes.filter((i) => existing.some((e) => e.name === i))) {
      // Another instance starting at the same time may have dropped it first.
      await collection.dropIndex(index).catch((err: unknown) => {
        if (!hasCode(err, INDEX_NOT_FOUND)) throw err;
      });
      dropped.push(`${name}.${index}`);
    }
  }
  return dropped;
}
