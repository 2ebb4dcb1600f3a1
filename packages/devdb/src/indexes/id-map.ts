/**
 * Map from index key to the ids of the documents holding it. Most keys belong to one
 * document, so a lone id is stored as a plain string and only shared keys get a Set:
 * that keeps large unique-ish indexes to one small entry per document.
 */
export class IdMultiMap {
  private readonly map = new Map<string, string | Set<string>>();

  add(key: string, id: string): void {
    const cur = this.map.get(key);
    if (cur === undefined) this.map.set(key, id);
    else if (typeof cur === 'string') {
      if (cur !== id) this.map.set(key, new Set([cur, id]));
    } else cur.add(id);
  }

  remove(key: string, id: string): void {
    const cur = this.map.get(key);
    if (cur === undefined) return;
    if (typeof cur === 'string') {
      if (cur === id) this.map.delete(key);
      return;
    }
    cur.delete(id);
    if (cur.size === 1) this.map.set(key, cur.values().next().value!);
  }

  get(key: string): Iterable<string> {
    const cur = this.map.get(key);
    if (cur === undefined) return [];
    return typeof cur === 'string' ? [cur] : cur;
  }

  /** Whether a document other than `id` holds `key`. */
  heldByOther(key: string, id: string): boolean {
    const cur = this.map.get(key);
    if (cur === undefined) return false;
    return typeof cur === 'string' ? cur !== id : cur.size > 1 || !cur.has(id);
  }
}
