import type { Store } from './engine/store.js';
import { pathValues } from './engine/values.js';

/**
 * Deletes documents whose TTL-indexed date field is older than `expireAfterSeconds`
 * (array fields use their earliest date, as in MongoDB). Returns how many were removed.
 * Databases for which `skip` is true (locked by a transaction) wait for the next sweep.
 */
export function sweepExpired(
  store: Store,
  skip: (db: string) => boolean = () => false,
  now = Date.now(),
): number {
  let removed = 0;
  for (const [db, colls] of store.dbs) {
    if (skip(db)) continue;
    for (const coll of colls.values()) {
      for (const index of coll.indexes.values()) {
        const ttl = index.spec.expireAfterSeconds;
        if (typeof ttl !== 'number' || index.fields.length !== 1) continue;
        const field = index.fields[0]!;
        const expired = [];
        for (const doc of coll.docs.values()) {
          const dates = pathValues(doc, field).filter((v): v is Date => v instanceof Date);
          if (dates.length === 0) continue;
          const earliest = Math.min(...dates.map((d) => d.getTime()));
          if (earliest + ttl * 1000 <= now) expired.push(doc);
        }
        for (const doc of expired) coll.remove(doc);
        removed += expired.length;
      }
    }
  }
  return removed;
}
