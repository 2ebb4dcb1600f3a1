import type { Query } from 'mingo/query';
import { makeQuery } from '../engine/mingo.js';
import type { Doc } from '../bson.js';
import { PAUSE, runWhole, WHOLE, type Pausing, type Slice } from '../engine/pausing.js';
import { sortSteps } from '../engine/sort-steps.js';
import { bsonTypeOf, keyOf, pathValues } from '../engine/values.js';
import { BTree, bulkLoad } from './btree.js';
import { MAX_EDGE, MIN_EDGE, type Interval } from './bounds.js';
import { compileKeyComparator } from './key-comparator.js';
import { RECORD_ID, storedRecordId } from '../engine/stored-doc.js';

export interface IndexSpec {
  v?: number;
  key: Doc;
  name: string;
  unique?: boolean;
  sparse?: boolean;
  partialFilterExpression?: Doc;
  expireAfterSeconds?: number;
  [option: string]: unknown;
}

/** One key an index holds for a document: its field values, in the key pattern's order. */
export interface IndexEntry {
  values: unknown[];
}

/**
 * A key in the tree: its field values in the key pattern's order, then the document's record id,
 * so equal values of different documents stay distinct and in insertion order, as MongoDB breaks
 * ties by RecordId. Either the stored document itself (an index of top-level fields, none of them
 * an array in it, the document bound to its record id: its values are its fields), or one flat
 * array of the values and the record id (dotted paths, a multikey document's keys, and the bounds
 * of a walk). Issue 17: an index holds a key per document, and a key object of its own per index
 * was a third of the dev DB's heap (a post is in 23 indexes).
 */
export type IndexKey = unknown[] | Doc;

/** The record id a key ends with. */
export const recordIdOf = (key: IndexKey): string =>
  Array.isArray(key) ? (key[key.length - 1] as string) : storedRecordId(key)!;

/** `values` followed by `id`, in an array of exactly that length (a spread leaves spare room). */
const treeKey = (values: unknown[], id: string): unknown[] => values.concat(id);

/** Sort before / after every record id (fixed-width base-36 counters). */
const LOWEST_ID = '';
const HIGHEST_ID = '\uffff';

/**
 * A secondary index (or `_id`) kept in key order in a B+ tree: compound, each field in its
 * own direction, arrays fanned out into one key per element (multikey). Values are the
 * stored (immutable) documents, so a walk fetches without another lookup, and a copy-on-write
 * `clone()` of the tree is a consistent snapshot for a read that yields.
 */
export class Index {
  readonly fields: string[];
  readonly dirs: number[];
  /**
   * Keys to documents in key order. Readers that pause walk a `clone()` of it. Replaced only
   * by `load` (a bulk build, before anybody reads the index).
   */
  tree: BTree<IndexKey, Doc>;
  private readonly compare: (a: IndexKey, b: IndexKey) => number;
  /** `compare` without the record ids. */
  private readonly compareValues: (a: IndexKey, b: IndexKey) => number;
  private readonly partial: Query | undefined;
  /** The field of a single-field index on a top-level (undotted) path. */
  private readonly topLevelField: string | undefined;
  /**
   * The bounds of a walk that ends before it returns (countRange, readRange, passOver), made in
   * place: a page's `$in` of a few hundred ids has as many walks. The tree only compares them.
   */
  private readonly scratch: { start: unknown[]; end: unknown[] };
  /** The tree iterator's one [key, document] pair (readRange: read before the next step). */
  private readonly pair: [IndexKey, Doc] = [[], {}];
  /** Every field is top-level (no dot): a stored document can be its own key (`ownKey`). */
  private readonly topLevelOnly: boolean;
  /** Whether some document ever had more than one key (MongoDB never resets this either). */
  multikey = false;
  /**
   * Per field: whether some document ever had several values there (MongoDB's
   * `multiKeyPaths`). A walk is in order of the fields that never did.
   */
  readonly multikeyFields: boolean[];

  constructor(readonly spec: IndexSpec) {
    this.fields = Object.keys(spec.key);
    this.dirs = this.fields.map((f) => (Number(spec.key[f]) < 0 ? -1 : 1));
    // Packed arrays of the keys' length, the record id's place a string.
    this.scratch = {
      start: [...this.fields.map(() => null), LOWEST_ID],
      end: [...this.fields.map(() => null), HIGHEST_ID],
    };
    this.topLevelOnly = this.fields.every((f) => !f.includes('.') && f !== '__proto__');
    this.compare = compileKeyComparator(this.fields, this.dirs, RECORD_ID);
    this.compareValues = compileKeyComparator(this.fields, this.dirs, undefined);
    this.multikeyFields = this.fields.map(() => false);
    const [only] = this.fields;
    this.topLevelField = this.fields.length === 1 && !only!.includes('.') ? only : undefined;
    this.tree = new BTree<IndexKey, Doc>(undefined, this.compare);
    this.partial = spec.partialFilterExpression
      ? makeQuery(spec.partialFilterExpression)
      : undefined;
  }

  get name(): string {
    return this.spec.name;
  }

  get size(): number {
    return this.tree.size;
  }

  /** Sparse and partial indexes do not hold every document, so they cannot answer queries alone. */
  get coversAllDocs(): boolean {
    return !this.spec.sparse && !this.partial;
  }

  /** The keys of `doc`, or none when a sparse/partial index skips it. Arrays fan out (multikey). */
  entries(doc: Doc): IndexEntry[] {
    if (this.partial && !this.partial.test(doc)) return [];
    if (this.topLevelField !== undefined) {
      // One top-level field holding a scalar (e.g. `_id`): the common case, without the walk.
      const v = doc[this.topLevelField];
      if (v === null || typeof v !== 'object' || v instanceof Date || bsonTypeOf(v)) {
        return v === undefined && this.spec.sparse ? [] : [{ values: [v] }];
      }
    }
    const perField = this.fields.map((f) => pathValues(doc, f));
    if (this.spec.sparse && perField.every((vals) => vals.every((v) => v === undefined))) {
      return [];
    }
    if (perField.every((vals) => vals.length === 1)) return [{ values: perField.map((v) => v[0]) }];
    let combos: unknown[][] = [[]];
    for (const vals of perField) {
      const next: unknown[][] = [];
      for (const c of combos) for (const v of vals) next.push([...c, v]);
      combos = next;
    }
    const seen = new Set<string>();
    const out: IndexEntry[] = [];
    for (const values of combos) {
      const key = values.map(keyOf).join('\u0000');
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ values });
    }
    return out;
  }

  add(id: string, doc: Doc): void {
    const entries = this.entries(doc);
    if (entries.length > 1) this.noteMultikey(doc);
    if (entries.length === 1 && this.ownKey(id, doc)) this.tree.set(doc, doc);
    else for (const { values } of entries) this.tree.set(treeKey(values, id), doc);
  }

  /**
   * Whether `doc` (with one key here) is its own key: bound to record id `id`, and every field
   * top-level and not an array in it (an array's elements are the values, not the array).
   */
  private ownKey(id: string, doc: Doc): boolean {
    if (!this.topLevelOnly || storedRecordId(doc) !== id) return false;
    for (const field of this.fields) if (Array.isArray(doc[field])) return false;
    return true;
  }

  /** The `i`th field's value in `key`. */
  valueAt(key: IndexKey, i: number): unknown {
    return Array.isArray(key) ? key[i] : key[this.fields[i]!];
  }

  /** `key` as one array: its values, then its record id (for comparing trees in tests). */
  keyParts(key: IndexKey): unknown[] {
    return Array.isArray(key) ? key : [...this.fields.map((f) => key[f]), recordIdOf(key)];
  }

  /**
   * Builds the index over `rows` (record id, document) at once, replacing what it held: every
   * key made, sorted once, and the tree built bottom-up, which is several times faster than
   * adding documents one at a time (start-up, createIndex). The result is the same tree
   * contents as `add` for each row. Returns whether two documents share a key (for a unique
   * index: the build must fail; see Collection.createIndex).
   */
  load(rows: Iterable<[string, Doc]>): boolean {
    return runWhole(this.loadPausing(rows, WHOLE));
  }

  /** `load` as pausing work: keys made and sorted between pauses, the tree built at the end. */
  *loadPausing(rows: Iterable<[string, Doc]>, slice: Slice): Pausing<boolean> {
    this.multikey = false;
    this.multikeyFields.fill(false);
    const pairs: [IndexKey, Doc][] = [];
    let n = 0;
    for (const [id, doc] of rows) {
      const entries = this.entries(doc);
      if (entries.length > 1) this.noteMultikey(doc);
      if (entries.length === 1 && this.ownKey(id, doc)) pairs.push([doc, doc]);
      else for (const { values } of entries) pairs.push([treeKey(values, id), doc]);
      if (++n % 256 === 0 && slice.over) yield PAUSE;
    }
    const byKey = (a: [IndexKey, Doc], b: [IndexKey, Doc]): number => this.compare(a[0], b[0]);
    if (slice === WHOLE) pairs.sort(byKey);
    else for (const _ of sortSteps(pairs, byKey)) if (slice.over) yield PAUSE;
    const keys: IndexKey[] = [];
    const docs: Doc[] = [];
    let shared = false;
    for (const [key, doc] of pairs) {
      if (keys.length % 1024 === 0 && slice.over) yield PAUSE;
      const prev = keys[keys.length - 1];
      if (prev && this.compareValues(prev, key) === 0) {
        // One document's values equal in BSON order (1 and 1n in an array): one key, as `set` keeps.
        if (recordIdOf(prev) === recordIdOf(key)) continue;
        shared = true;
      }
      keys.push(key);
      docs.push(doc);
    }
    this.tree = bulkLoad(keys, docs, this.tree.maxNodeSize, this.compare);
    return shared;
  }

  private noteMultikey(doc: Doc): void {
    this.multikey = true;
    this.fields.forEach((f, i) => {
      if (!this.multikeyFields[i] && pathValues(doc, f).length > 1) this.multikeyFields[i] = true;
    });
  }

  remove(id: string, doc: Doc): void {
    // Found by value, whichever form the key took when it was added.
    for (const { values } of this.entries(doc)) this.tree.delete(treeKey(values, id));
  }

  /** The first entry of `doc` that another document already holds in this unique index. */
  conflict(id: string, doc: Doc): IndexEntry | undefined {
    if (!this.spec.unique) return undefined;
    for (const entry of this.entries(doc)) {
      const low = treeKey(entry.values, LOWEST_ID);
      const high = treeKey(entry.values, HIGHEST_ID);
      for (const [key] of this.tree.entries(low)) {
        if (this.compare(key, high) > 0) break;
        if (recordIdOf(key) !== id) return entry;
      }
    }
    return undefined;
  }

  /**
   * Keys of `tree` (this index's tree or a clone of it) inside `interval`, in reverse tree order,
   * between the two tree keys that enclose the interval exactly (see countRange), one comparison
   * per key. `after` resumes a walk past the last key it saw. Forward walks read in batches
   * (readRange).
   */
  *scanBackward(
    tree: BTree<IndexKey, Doc>,
    interval: Interval,
    after: IndexKey | undefined,
  ): Generator<[IndexKey, Doc]> {
    const { start, end } = this.enclosingKeys(interval);
    for (const [key, doc] of tree.entriesReversed(after ?? end, undefined, after !== undefined)) {
      if (this.compare(key, start) < 0) return;
      yield [key, doc];
    }
  }

  /**
   * Counts the keys of `tree` inside `interval` (in tree order) with the tree's own range
   * walk, no per-key bound checks: the interval is turned into the two tree keys that enclose
   * it exactly. Stops after `max` keys and reports the last one, so a count can pause and
   * resume after it. `onKey` sees each key counted (an $or's count de-duplicates ids).
   */
  countRange(
    tree: BTree<IndexKey, Doc>,
    interval: Interval,
    after: IndexKey | undefined,
    max: number,
    onKey?: (key: IndexKey) => void,
  ): { n: number; last: IndexKey | undefined } {
    const { start, end } = this.enclosingKeys(interval, this.scratch);
    let n = 0;
    let last: IndexKey | undefined;
    let first = after !== undefined;
    tree.forRange(after ?? start, end, false, (key) => {
      // Only the first key in range can be `after` (the range starts at it).
      if (first) {
        first = false;
        if (this.compare(key, after!) === 0) return;
      }
      n++;
      last = key;
      onKey?.(key);
      return n >= max ? { break: true } : undefined;
    });
    return { n, last };
  }

  /**
   * Reads up to `max` keys of `interval` in tree order (past `after` when resuming) and their
   * documents into `keys` and `docs`, which the caller reuses: one batch of a forward walk, with
   * no generator step and no tuple per key. One descent and a comparison per key read: a page's
   * `$in` of a few hundred ids is as many walks of a key or none, where the tree's `forRange`
   * would descend twice (to each bound). Returns how many it read.
   */
  readRange(
    tree: BTree<IndexKey, Doc>,
    interval: Interval,
    after: IndexKey | undefined,
    max: number,
    keys: IndexKey[],
    docs: Doc[],
  ): number {
    const { start, end } = this.enclosingKeys(interval, this.scratch);
    let n = 0;
    const entries = tree.entries(after ?? start, this.pair);
    for (let step = entries.next(); !step.done; step = entries.next()) {
      const [key, doc] = step.value;
      // Only the first key read can be `after` (the walk starts at it when it is still there).
      if (after && n === 0 && this.compare(key, after) === 0) {
        after = undefined;
        continue;
      }
      after = undefined;
      if (this.compare(key, end) > 0) break;
      keys[n] = key;
      docs[n] = doc;
      if (++n >= max) break;
    }
    return n;
  }

  /**
   * Passes over up to `max` keys of `interval` in walk order (past `after` when resuming) in the
   * tree's own loops, not one generator step each: a deep page's skip on an exact walk. Reports
   * how many it passed and the last, for the walk to resume after it.
   */
  passOver(
    tree: BTree<IndexKey, Doc>,
    interval: Interval,
    backward: boolean,
    after: IndexKey | undefined,
    max: number,
  ): { n: number; last: IndexKey | undefined } {
    if (!backward) return this.countRange(tree, interval, after, max);
    const { start, end } = this.enclosingKeys(interval, this.scratch);
    let n = 0;
    let last: IndexKey | undefined;
    const entries = tree.entriesReversed(after ?? end, [], after !== undefined);
    for (let step = entries.next(); !step.done && n < max; step = entries.next()) {
      const key = step.value[0];
      if (this.compare(key, start) < 0) break;
      n++;
      last = key;
    }
    return { n, last };
  }

  /**
   * The tree keys just before and just after every key of `interval`: after the ranged field
   * (or from the first unbounded one), the later fields take their tree-order extremes, and
   * an exclusive end jumps over every key equal to it.
   */
  private enclosingKeys(
    interval: Interval,
    into?: { start: unknown[]; end: unknown[] },
  ): { start: IndexKey; end: IndexKey } {
    const n = interval.length;
    const reuse = into && into.start.length === n + 1;
    const start: unknown[] = reuse ? into.start : [];
    const end: unknown[] = reuse ? into.end : [];
    let startPast = false;
    let endBefore = false;
    for (let i = 0; i < n; i++) {
      const r = interval[i]!;
      const up = this.dirs[i] === 1;
      // Tree-order extremes of this field: MIN_EDGE sorts first when ascending.
      const first = up ? MIN_EDGE : MAX_EDGE;
      const lastEdge = up ? MAX_EDGE : MIN_EDGE;
      start[i] = startPast ? lastEdge : up ? r.lo : r.hi;
      end[i] = endBefore ? first : up ? r.hi : r.lo;
      if (!(up ? r.loIn : r.hiIn) && !startPast) startPast = true;
      if (!(up ? r.hiIn : r.loIn) && !endBefore) endBefore = true;
    }
    start[n] = startPast ? HIGHEST_ID : LOWEST_ID;
    end[n] = endBefore ? LOWEST_ID : HIGHEST_ID;
    return reuse ? into : { start, end };
  }
}

export function defaultIndexName(key: Doc): string {
  return Object.entries(key)
    .map(([k, v]) => `${k}_${String(v)}`)
    .join('_');
}
