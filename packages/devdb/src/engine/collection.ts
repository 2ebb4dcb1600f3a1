import { ObjectId } from 'bson';
import type { Doc } from '../bson.js';
import { CommandError } from '../errors.js';
import { Index, type IndexSpec } from '../indexes/index.js';
import { makeIndex } from '../indexes/make-index.js';
import { PAUSE, WHOLE, type Pausing, type Slice } from './pausing.js';
import { flatString } from './shared-strings.js';
import { storedDoc } from './stored-doc.js';
import { keyOf, renderValue } from './values.js';

/**
 * Receives every mutation: the journal (a no-op without a data dir), or a transaction that
 * holds it back until commit and keeps `before` (the replaced or deleted document) to undo it.
 */
export interface WriteLog {
  append(record: Doc, before?: Doc): void;
}

export const ID_INDEX: IndexSpec = { v: 2, key: { _id: 1 }, name: '_id_' };

/**
 * Documents of one collection keyed by their `_id` (insertion order = natural order), plus
 * secondary indexes. Stored documents are never mutated in place: writers build a new
 * document and swap it in, so cursors holding old references stay consistent.
 */
export class Collection {
  readonly docs = new Map<string, Doc>();
  readonly indexes = new Map<string, Index>();
  /** `_id` in key order (the documents themselves stay in `docs`, in natural order). */
  readonly idIndex = new Index(ID_INDEX);
  /**
   * Each document's record id, by `keyOf(_id)`: what index keys end with, so equal keys stay in
   * insertion order as MongoDB's RecordIds keep them (an outbox sorted by created_at relies on
   * it). Given at insert, kept by updates, fixed-width so strings sort as the counter.
   */
  private readonly rids = new Map<string, string>();
  private nextRid = 0;
  /** Per index build in progress (createIndexPausing): the documents written since it began. */
  private readonly sideWrites = new Set<Set<string>>();

  constructor(
    readonly db: string,
    readonly name: string,
    private readonly log: () => WriteLog,
    readonly options: Doc = {},
  ) {}

  get ns(): string {
    return `${this.db}.${this.name}`;
  }

  /** Inserts `doc` (an `_id` is added first when missing) after checking unique indexes. */
  insert(input: Doc): Doc {
    // MongoDB stores _id as the first field whatever order the client sent.
    const ordered =
      input._id === undefined
        ? { _id: new ObjectId(), ...input }
        : Object.keys(input)[0] === '_id'
          ? input
          : { _id: input._id, ...input };
    if (Array.isArray(ordered._id)) {
      throw new CommandError(2, 'BadValue', "can't use an array for _id");
    }
    // The maps below keep the key as long as the document: one string, not a tree of pieces.
    const id = flatString(keyOf(ordered._id));
    if (this.docs.has(id)) throw this.duplicate('_id_', { _id: 1 }, [ordered._id]);
    const rid = this.newRid(id);
    const doc = storedDoc(ordered, rid);
    try {
      this.checkUnique(rid, doc);
    } catch (err) {
      this.rids.delete(id);
      throw err;
    }
    this.docs.set(id, doc);
    this.wrote(id);
    this.idIndex.add(rid, doc);
    for (const index of this.indexes.values()) index.add(rid, doc);
    this.log().append({ op: 'put', db: this.db, c: this.name, doc });
    return doc;
  }

  /** Stores (a copy of) `next` for `prev` (same `_id`) after checking unique indexes; returns it. */
  replace(prev: Doc, replacement: Doc): Doc {
    const id = keyOf(prev._id);
    const rid = this.ridOf(id);
    const next = storedDoc(replacement, rid);
    for (const index of this.indexes.values()) index.remove(rid, prev);
    try {
      this.checkUnique(rid, next);
    } catch (err) {
      for (const index of this.indexes.values()) index.add(rid, prev);
      throw err;
    }
    this.docs.set(id, next);
    this.wrote(id);
    this.idIndex.add(rid, next);
    for (const index of this.indexes.values()) index.add(rid, next);
    this.log().append({ op: 'put', db: this.db, c: this.name, doc: next }, prev);
    return next;
  }

  remove(doc: Doc): void {
    const id = keyOf(doc._id);
    if (!this.docs.delete(id)) return;
    this.wrote(id);
    const rid = this.ridOf(id);
    this.rids.delete(id);
    this.idIndex.remove(rid, doc);
    for (const index of this.indexes.values()) index.remove(rid, doc);
    this.log().append({ op: 'del', db: this.db, c: this.name, id: doc._id }, doc);
  }

  /**
   * While set (start-up recovery), load/unload/createIndex leave index keys alone and
   * `buildIndexes` makes them at the end in one bulk build per index, instead of one
   * tree insertion per key and document.
   */
  deferIndexes = false;

  /** Restores a document from the journal or snapshot, or undoes a change: no checks, no logging. */
  load(loaded: Doc): void {
    const id = flatString(keyOf(loaded._id));
    const prev = this.docs.get(id);
    const rid = prev ? this.ridOf(id) : this.newRid(id);
    const doc = storedDoc(loaded, rid);
    this.docs.set(id, doc);
    this.wrote(id);
    if (this.deferIndexes) return;
    if (prev) for (const index of this.indexes.values()) index.remove(rid, prev);
    this.idIndex.add(rid, doc);
    for (const index of this.indexes.values()) index.add(rid, doc);
  }

  unload(idValue: unknown): void {
    const id = keyOf(idValue);
    const prev = this.docs.get(id);
    if (!prev) return;
    this.docs.delete(id);
    this.wrote(id);
    const rid = this.ridOf(id);
    this.rids.delete(id);
    if (this.deferIndexes) return;
    this.idIndex.remove(rid, prev);
    for (const index of this.indexes.values()) index.remove(rid, prev);
  }

  /** Ends `deferIndexes`: builds every index over the documents as they are now. */
  buildIndexes(): void {
    if (!this.deferIndexes) return;
    this.deferIndexes = false;
    for (const index of this.allIndexes()) index.load(this.rows());
  }

  indexSpecs(): IndexSpec[] {
    return [ID_INDEX, ...[...this.indexes.values()].map((i) => i.spec)];
  }

  /** Builds an index over the existing documents; fails (and leaves nothing) on duplicates. */
  createIndex(spec: IndexSpec, logIt = true): void {
    const index = makeIndex(spec);
    if (!this.deferIndexes) {
      const shared = index.load(this.rows());
      // Replay (logIt false) may pass through states a snapshot already superseded.
      if (shared && spec.unique && logIt) this.throwFirstDuplicate(spec);
    }
    this.indexes.set(spec.name, index);
    if (logIt) this.log().append({ op: 'createIndex', db: this.db, c: this.name, spec });
  }

  /**
   * createIndex as pausing work, over many documents outside a transaction: the documents'
   * keys are made and sorted between pauses while the collection records which documents
   * are written meanwhile (MongoDB's index builds track side writes too); then, in one go,
   * those few are brought up to date in the new index, and a unique index fails if the
   * documents now share a key. `ready` runs first in that last step and may refuse (the
   * collection was dropped, or an equal index was created meanwhile: false, nothing to do).
   */
  *createIndexPausing(spec: IndexSpec, slice: Slice, ready: () => boolean): Pausing<void> {
    if (this.deferIndexes || slice === WHOLE) {
      if (ready()) this.createIndex(spec);
      return;
    }
    const written = new Set<string>();
    this.sideWrites.add(written);
    try {
      const index = makeIndex(spec);
      // What the build reads: each document as it was when read, by _id key.
      const read = new Map<string, [string, Doc]>();
      const rows: [string, Doc][] = [];
      for (const [id, doc] of this.docs) {
        const row: [string, Doc] = [this.ridOf(id), doc];
        read.set(id, row);
        rows.push(row);
        if (rows.length % 1024 === 0 && slice.over) yield PAUSE;
      }
      const shared = yield* index.loadPausing(rows, slice);
      if (slice.over) yield PAUSE;
      if (!ready()) return;
      const touched: [string, Doc][] = [];
      for (const id of written) {
        const was = read.get(id);
        if (was) index.remove(was[0], was[1]);
        const current = this.docs.get(id);
        if (!current) continue;
        const rid = this.ridOf(id);
        index.add(rid, current);
        touched.push([rid, current]);
      }
      if (spec.unique && (shared || touched.some(([rid, doc]) => index.conflict(rid, doc)))) {
        // Throws unless the documents that shared a key when the build read them no longer do.
        this.throwFirstDuplicate(spec);
      }
      this.indexes.set(spec.name, index);
      this.log().append({ op: 'createIndex', db: this.db, c: this.name, spec });
    } finally {
      this.sideWrites.delete(written);
    }
  }

  /** Tells the index builds in progress that the document `id` (its `keyOf(_id)`) changed. */
  private wrote(id: string): void {
    for (const ids of this.sideWrites) ids.add(id);
  }

  /**
   * The error a unique index build reports: the first document, in natural order, with a key
   * an earlier one holds, found as adding them one at a time finds it (the rare path).
   */
  private throwFirstDuplicate(spec: IndexSpec): void {
    const index = makeIndex(spec);
    for (const [rid, doc] of this.rows()) {
      const clash = index.conflict(rid, doc);
      if (clash) throw this.duplicate(spec.name, spec.key, clash.values);
      index.add(rid, doc);
    }
  }

  /** (record id, document) in natural order. */
  private *rows(): Iterable<[string, Doc]> {
    for (const [id, doc] of this.docs) yield [this.ridOf(id), doc];
  }

  dropIndex(name: string, logIt = true): void {
    this.indexes.delete(name);
    if (logIt) this.log().append({ op: 'dropIndex', db: this.db, c: this.name, name });
  }

  /** Every index the planner may use: `_id` first, then the others in creation order. */
  allIndexes(): Index[] {
    return [this.idIndex, ...this.indexes.values()];
  }

  private newRid(id: string): string {
    const rid = (this.nextRid++).toString(36).padStart(11, '0');
    this.rids.set(id, rid);
    return rid;
  }

  private ridOf(id: string): string {
    const rid = this.rids.get(id);
    if (rid === undefined) throw new Error(`devdb: no record id for ${id} in ${this.ns}`);
    return rid;
  }

  private checkUnique(rid: string, doc: Doc): void {
    for (const index of this.indexes.values()) {
      const clash = index.conflict(rid, doc);
      if (clash) throw this.duplicate(index.name, index.spec.key, clash.values);
    }
  }

  private duplicate(indexName: string, keyPattern: Doc, values: unknown[]): CommandError {
    const keyValue: Doc = {};
    Object.keys(keyPattern).forEach((f, i) => (keyValue[f] = values[i] ?? null));
    const msg =
      `E11000 duplicate key error collection: ${this.ns} index: ${indexName} ` +
      `dup key: ${renderValue(keyValue)}`;
    return new CommandError(11000, 'DuplicateKey', msg, { keyPattern, keyValue });
  }
}
