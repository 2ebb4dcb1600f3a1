import { describe, expect, it } from 'vitest';
import type { Doc } from '../bson.js';
import { Collection } from '../engine/collection.js';
import { Store } from '../engine/store.js';
import { Slice } from '../engine/pausing.js';
import { keyOf } from '../engine/values.js';
import { storedDoc } from '../engine/stored-doc.js';
import { Index, recordIdOf, type IndexSpec } from './index.js';

/** A document's record id, as the collection keeps it (private: read for the comparison). */
const ridOf = (coll: Collection, id: string): string =>
  (coll as unknown as { rids: Map<string, string> }).rids.get(id)!;

/** A deterministic pseudo-random source (the same documents on every run). */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

/** Documents with scalars of several types, arrays (multikey), missing fields and duplicates. */
function docs(n: number, seed: number): Doc[] {
  const r = random(seed);
  const value = (): unknown => {
    const x = r();
    if (x < 0.1) return undefined;
    if (x < 0.15) return null;
    if (x < 0.5) return Math.floor(r() * 50);
    if (x < 0.6) return BigInt(Math.floor(r() * 50));
    if (x < 0.8) return `s${Math.floor(r() * 50)}`;
    if (x < 0.9) return new Date(Date.UTC(2026, 0, 1 + Math.floor(r() * 20)));
    return [Math.floor(r() * 5), Math.floor(r() * 5), 1n];
  };
  return Array.from({ length: n }, (_, i) => {
    const d: Doc = { _id: i };
    for (const f of ['a', 'b', 'c']) {
      const v = value();
      if (v !== undefined) d[f] = v;
    }
    d.nested = { x: value() };
    return d;
  });
}

const SPECS: IndexSpec[] = [
  { key: { a: 1 }, name: 'a_1' },
  { key: { a: 1, b: -1 }, name: 'a_1_b_-1' },
  { key: { c: -1, a: 1, b: 1 }, name: 'c_-1_a_1_b_1' },
  { key: { 'nested.x': 1 }, name: 'nested.x_1' },
  { key: { b: 1 }, name: 'b_1', sparse: true },
  { key: { a: 1 }, name: 'a_partial', partialFilterExpression: { b: { $exists: true } } },
];

const rowsOf = (list: Doc[]): [string, Doc][] =>
  list.map((d, i) => [i.toString(36).padStart(11, '0'), d]);

/** Everything a reader sees of an index: its keys and documents in order, and multikey flags. */
const contents = (idx: Index): unknown => ({
  entries: idx.tree.toArray().map(([k, d]) => [idx.keyParts(k), d._id]),
  multikey: idx.multikey,
  multikeyFields: idx.multikeyFields,
  size: idx.size,
});

// Thousands of keys compared whole: a few seconds on a quiet machine, more than vitest's default
// 5 s under a loaded one (it timed out at load 15+).
describe('bulk index build', { timeout: 30_000 }, () => {
  it('holds the same keys, in the same order, as adding documents one at a time', () => {
    for (const seed of [1, 2, 3]) {
      const rows = rowsOf(docs(2000, seed));
      for (const spec of SPECS) {
        const incremental = new Index(spec);
        for (const [id, doc] of rows) incremental.add(id, doc);
        const bulk = new Index(spec);
        bulk.load(rows);
        expect(contents(bulk)).toEqual(contents(incremental));
        // A walk after the bulk build reads the tree like any other (in both directions).
        const back = [...bulk.tree.entriesReversed()].map(([k]) => recordIdOf(k));
        expect(back).toEqual([...incremental.tree.entriesReversed()].map(([k]) => recordIdOf(k)));
      }
    }
  });

  it('keeps a stored document as its own key, in the order and with the removals of flat keys', () => {
    for (const seed of [8, 9]) {
      const rows = rowsOf(docs(2000, seed));
      // The copies a collection stores, bound to their record ids.
      const stored = rows.map(([rid, doc]): [string, Doc] => [rid, storedDoc(doc, rid)]);
      for (const spec of SPECS) {
        const flat = new Index(spec);
        for (const [rid, doc] of rows) flat.add(rid, doc);
        const own = new Index(spec);
        for (const [rid, doc] of stored) own.add(rid, doc);
        expect(contents(own)).toEqual(contents(flat));
        const loaded = new Index(spec);
        loaded.load(stored);
        expect(contents(loaded)).toEqual(contents(flat));
        // Both forms in one tree: a document of scalars is its key, a multikey one has arrays;
        // under a dotted path every key is an array.
        const forms = new Set(own.tree.keysArray().map((k) => Array.isArray(k)));
        expect(forms).toEqual(
          spec.name === 'nested.x_1' ? new Set([true]) : new Set([true, false]),
        );
        // Removed by value whichever form each key took; the tree ends empty.
        for (const [rid, doc] of stored) own.remove(rid, doc);
        expect(own.size).toBe(0);
      }
    }
  });

  it('reports the first duplicate of a unique build as adding documents one at a time does', () => {
    for (const seed of [4, 5, 6, 7]) {
      const list = docs(300, seed);
      const spec: IndexSpec = { key: { a: 1, b: 1 }, name: 'ab', unique: true };
      // One at a time: the unique index exists first and each insert is checked against it.
      const oneByOne = new Collection('db', 'c', () => ({ append: () => {} }));
      oneByOne.createIndex(spec);
      let expected: unknown;
      for (const d of list) {
        try {
          oneByOne.insert(d);
        } catch (err) {
          expected = err;
          break;
        }
      }
      expect(expected).toBeDefined();
      const built = new Collection('db', 'c', () => ({ append: () => {} }));
      for (const d of list) built.insert(d);
      let actual: unknown;
      try {
        built.createIndex(spec);
      } catch (err) {
        actual = err;
      }
      expect(actual).toMatchObject({
        code: 11000,
        message: (expected as Error).message,
        extra: (expected as { extra: unknown }).extra,
      });
      expect(built.indexes.has('ab')).toBe(false);
    }
  });

  it('builds a unique index without duplicates, and after it inserts are checked as before', () => {
    const built = new Collection('db', 'c', () => ({ append: () => {} }));
    for (let i = 0; i < 1000; i++) built.insert({ _id: i, e: `u${i}` });
    built.createIndex({ key: { e: 1 }, name: 'e_1', unique: true });
    expect(built.indexes.get('e_1')!.size).toBe(1000);
    expect(() => built.insert({ e: 'u7' })).toThrow(/E11000 .* index: e_1 dup key: \{ e: "u7" \}/);
  });

  it('recovers a store (snapshot records, then journal records) to the same indexes', () => {
    const list = docs(1500, 9);
    const records: Doc[] = [{ op: 'createColl', db: 'd', c: 'c', options: {} }];
    for (const spec of SPECS) records.push({ op: 'createIndex', db: 'd', c: 'c', spec });
    for (const doc of list) records.push({ op: 'put', db: 'd', c: 'c', doc });
    // Journal: replacements, deletions, a dropped and a new index, a re-created collection.
    for (const doc of list.slice(0, 200))
      records.push({ op: 'put', db: 'd', c: 'c', doc: { ...doc, a: 'x' } });
    for (const doc of list.slice(300, 400))
      records.push({ op: 'del', db: 'd', c: 'c', id: doc._id });
    records.push({ op: 'dropIndex', db: 'd', c: 'c', name: 'a_1' });
    records.push({
      op: 'createIndex',
      db: 'd',
      c: 'c',
      spec: { key: { b: 1, a: -1 }, name: 'ba' },
    });
    for (const doc of list.slice(0, 50))
      records.push({ op: 'put', db: 'd', c: 'c', doc: { ...doc, _id: `n${String(doc._id)}` } });
    records.push({ op: 'dropColl', db: 'd', c: 'other' });
    records.push({ op: 'createColl', db: 'd', c: 'other', options: {} });
    records.push({ op: 'createIndex', db: 'd', c: 'other', spec: { key: { a: 1 }, name: 'a_1' } });
    for (const doc of list.slice(0, 100)) records.push({ op: 'put', db: 'd', c: 'other', doc });

    const plain = new Store();
    for (const rec of records) plain.apply(rec);
    const bulk = new Store();
    bulk.bulkLoad(() => {
      for (const rec of records) bulk.apply(rec);
    });
    for (const name of ['c', 'other']) {
      const a = plain.collection('d', name)!;
      const b = bulk.collection('d', name)!;
      expect([...b.docs.keys()]).toEqual([...a.docs.keys()]);
      expect(b.allIndexes().map((i) => i.name)).toEqual(a.allIndexes().map((i) => i.name));
      a.allIndexes().forEach((idx, i) =>
        expect(contents(b.allIndexes()[i]!)).toEqual(contents(idx)),
      );
    }
    // After recovery the collection maintains its indexes as usual.
    const c = bulk.collection('d', 'c')!;
    c.insert({ _id: 'late', a: 1, b: 2 });
    expect(
      c.indexes
        .get('ba')!
        .tree.toArray()
        .some(([, d]) => d._id === 'late'),
    ).toBe(true);
  });

  it('builds with pauses, catching up on the writes made during them', () => {
    for (const spec of SPECS) {
      const coll = new Collection('db', 'c', () => ({ append: () => {} }));
      const list = docs(3000, 11);
      for (const d of list) coll.insert(d);
      const build = coll.createIndexPausing(spec, new Slice(-1), () => true);
      const r = random(12);
      let pauses = 0;
      for (let step = build.next(); !step.done; step = build.next()) {
        // Side writes while paused: replace, delete, insert (new and re-used _ids).
        const id = Math.floor(r() * 3000);
        const current = coll.docs.get(keyOf(id));
        if (current && r() < 0.5) coll.replace(current, { ...list[(id * 7) % 3000]!, _id: id });
        else if (current) coll.remove(current);
        else coll.insert({ ...list[(id * 13) % 3000]!, _id: id });
        coll.insert({ ...list[pauses % 3000]!, _id: `new${pauses}` });
        pauses++;
      }
      expect(pauses).toBeGreaterThan(5);
      const fresh = new Index(spec);
      for (const [id, doc] of coll.docs) fresh.add(ridOf(coll, id), doc);
      const built = coll.indexes.get(spec.name)!;
      expect(built.tree.toArray().map(([k, d]) => [built.keyParts(k), d])).toEqual(
        fresh.tree.toArray().map(([k, d]) => [fresh.keyParts(k), d]),
      );
    }
  });

  it('fails a unique build with pauses when a write made meanwhile duplicates a key', () => {
    const coll = new Collection('db', 'c', () => ({ append: () => {} }));
    for (let i = 0; i < 3000; i++) coll.insert({ _id: i, e: `u${i}` });
    const spec: IndexSpec = { key: { e: 1 }, name: 'e_1', unique: true };
    const build = coll.createIndexPausing(spec, new Slice(-1), () => true);
    let first = true;
    expect(() => {
      for (let step = build.next(); !step.done; step = build.next()) {
        if (first) coll.insert({ _id: 'dup', e: 'u7' });
        first = false;
      }
    }).toThrow(/E11000 .* index: e_1 dup key: \{ e: "u7" \}/);
    expect(coll.indexes.has('e_1')).toBe(false);
    // And succeeds when the duplicate a build started with is gone by its end.
    const again = coll.createIndexPausing(spec, new Slice(-1), () => true);
    let removed = false;
    for (let step = again.next(); !step.done; step = again.next()) {
      if (!removed) coll.remove(coll.docs.get(keyOf('dup'))!);
      removed = true;
    }
    expect(coll.indexes.get('e_1')!.size).toBe(3000);
  });
});
