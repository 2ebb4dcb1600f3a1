import { findDocs } from './engine/query.js';
import type { Store } from './engine/store.js';

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
        // A date at or before the cutoff (any element of an array: its earliest date is then
        // too) is expired; `$lte` on a Date matches Dates only. The index answers it as a range.
        const cutoff = new Date(now - ttl * 1000);
        const expired = findDocs(coll, { [index.fields[0]!]: { $lte: cutoff } });
        for (const doc of expired) coll.remove(doc);
        removed += expired.length;
      }
    }
  }
  return removed;
}
