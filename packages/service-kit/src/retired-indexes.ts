import type { Connection } from 'mongoose';

const NAMESPACE_NOT_FOUND = 26;
const INDEX_NOT_FOUND = 27;

const hasCode = (err: unknown, code: number) => (err as { code?: unknown }).code === code;

export interface IndexDescription {
  name?: string;
  unique?: boolean;
}

/**
 * Drops indexes an earlier version built and the schemas no longer declare (`collection` ->
 * index names), where an existing database still has them; `only` narrows which of them go (e.g.
 * only while still unique). Call it after the declared indexes are built (ensureIndexes), so a
 * uniqueness rule never lapses and no query loses its index. Idempotent, also when another
 * instance starting at the same time drops them first. Returns `collection.index` names.
 */
export async function dropRetiredIndexes(
  conn: Connection,
  retired: Record<string, readonly string[]>,
  { only = () => true }: { only?: (index: IndexDescription) => boolean } = {},
): Promise<string[]> {
  const dropped: string[] = [];
  for (const [name, indexNames] of Object.entries(retired)) {
    const collection = conn.collection(name);
    const existing = await collection.indexes().catch((err: unknown) => {
      if (hasCode(err, NAMESPACE_NOT_FOUND)) return [];
      throw err;
    });
    for (const index of existing) {
      if (!index.name || !indexNames.includes(index.name) || !only(index)) continue;
      await collection.dropIndex(index.name).catch((err: unknown) => {
        if (!hasCode(err, INDEX_NOT_FOUND)) throw err;
      });
      dropped.push(`${name}.${index.name}`);
    }
  }
  return dropped;
}
