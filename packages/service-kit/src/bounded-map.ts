/**
 * Sets `key` in `map` as its newest entry, first dropping the oldest entries (Map order is
 * insertion order) so that at most `maxEntries` remain; nothing is kept when maxEntries <= 0.
 */
export function setBounded<K, V>(map: Map<K, V>, key: K, value: V, maxEntries: number): void {
  map.delete(key); // re-inserted at the end: the newest
  while (map.size >= maxEntries) {
    const oldest = map.keys().next();
    if (oldest.done) break;
    map.delete(oldest.value);
  }
  if (maxEntries > 0) map.set(key, value);
}
