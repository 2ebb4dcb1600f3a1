import type { Doc } from '../bson.js';

/**
 * A value computed from a text index's stored document, remembered by its document number
 * beside the document object it came from: valid while the index still holds that object at
 * that number (stored documents are never changed in place: a write stores a new object, so a
 * stale entry is told by one pointer comparison, no hook on writes). A candidate's value is then
 * two array reads, where a WeakMap keyed by the document read the document's own memory (its
 * hash) for each of thousands of scattered candidates per query.
 */
export class NumMemo<T> {
  private readonly values: T[] = [];
  private readonly sources: (Doc | undefined)[] = [];

  constructor(private readonly compute: (doc: Doc) => T) {}

  /** The value for `doc`, stored at number `num`. */
  of(num: number, doc: Doc): T {
    if (this.sources[num] === doc) return this.values[num]!;
    const value = this.compute(doc);
    // Filled in order so the arrays stay packed (numbers are dense).
    while (this.sources.length < num) {
      this.sources.push(undefined);
      this.values.push(undefined as T);
    }
    this.sources[num] = doc;
    this.values[num] = value;
    return value;
  }
}
