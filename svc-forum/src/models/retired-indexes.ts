import type { ForumModels } from './index.js';

const NAMESPACE_NOT_FOUND = 26;
const INDEX_NOT_FOUND = 27;

/** Indexes that earlier versions built and the schemas no longer declare. */
export const RETIRED_INDEXES: Record<string, string[]> = {
  // Unique (community_id, user_id) became (user_id, community_id): a sharded collection's unique
  // indexes must start with its shard key, user_id (shard-keys.ts).
  memberships: ['community_id_1_user_id_1'],
};

const hasCode = (err: unknown, code: number) => (err as { code?: unknown }).code === code;

/**
 * Drops the retired indexes an existing database still has, once the index replacing each is
 * built (Model.init), so the uniqueness rule never lapses; returns `collection.index` names.
 */
export async function dropRetiredIndexes(models: ForumModels): Promise<string[]> {
  await models.Membership.init();
  const dropped: string[] = [];
  for (const [name, indexes] of Object.entries(RETIRED_INDEXES)) {
    const collection = models.Membership.db.collection(name);
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
