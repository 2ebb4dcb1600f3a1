import { describe, expect, it } from 'vitest';
import type { Doc } from '../bson.js';
import { Collection } from './collection.js';
import { runQuery, runQueryYielding } from './executor.js';
import { querySpec } from './query.js';

// Big enough that each read below outlasts its first 10 ms slice and pauses.
const N = 60_000;

function collection(): Collection {
  const coll = new Collection('db', 'c', () => ({ append: () => {} }));
  for (let i = 0; i < N; i++) coll.insert({ _id: i, k: i % 100, s: `s${i}` });
  coll.createIndex({ key: { k: 1 }, name: 'k_1' });
  return coll;
}

/** Writes another connection could make while a read is paused. */
function writeMeanwhile(coll: Collection): void {
  coll.remove(coll.docs.get('n0')!);
  coll.insert({ _id: -1, k: 5, s: 'a-new' });
  const five = coll.docs.get('n5')!;
  coll.replace(five, { ...five, k: 500, s: 'zzz' });
}

describe('a read that pauses', () => {
  it('sees the collection as it was when it started (collection scan + sort)', async () => {
    const coll = collection();
    const spec = querySpec({ s: { $regex: '^s' } }, { sort: { s: -1 } });
    const expected = runQuery(coll, spec).docs.map((d: Doc) => d._id);
    const pending = runQueryYielding(coll, spec);
    expect(pending).toBeInstanceOf(Promise);
    writeMeanwhile(coll);
    const result = await pending;
    expect(result.stats.yields).toBeGreaterThan(0);
    expect(result.docs.map((d) => d._id)).toEqual(expected);
    // The documents are the ones stored then, not their later versions.
    expect(result.docs.find((d) => d._id === 5)).toMatchObject({ k: 5, s: 's5' });
  }, 30_000);

  it('sees the index as it was when it started (index walk and key count)', async () => {
    const coll = collection();
    const count = querySpec({ k: { $gte: 0, $lt: 100 } }, { count: true });
    const pendingCount = runQueryYielding(coll, count);
    // The regex is tested on every fetched document: enough work to outlast a slice.
    const walk = querySpec({ k: { $lte: 50 }, s: { $regex: '^s' } }, { sort: { k: -1 } });
    const expectedWalk = runQuery(coll, walk).docs.map((d: Doc) => d._id);
    const pendingWalk = runQueryYielding(coll, walk);
    // (A key count walks the tree in chunks of 8,192 and may finish within its first slice.)
    expect(pendingWalk).toBeInstanceOf(Promise);
    writeMeanwhile(coll);
    const counted = await pendingCount;
    expect(counted).toMatchObject({ n: N, countScan: true });
    expect(counted.stats.docs).toBe(0);
    expect((await pendingWalk).docs.map((d) => d._id)).toEqual(expectedWalk);
    // Forward walks, read in batches: one interval, and one per `$in` value. The writes touch
    // the end of both walks, which they reach after their first pause: the batches read then
    // must come from the index as it was, not the live one.
    const writeAtTheEnd = (c: Collection): void => {
      c.remove(c.docs.get('n99')!);
      c.insert({ _id: -2, k: 98, s: 'a-new' });
      const ninetySeven = c.docs.get('n97')!;
      c.replace(ninetySeven, { ...ninetySeven, k: 50, s: 'zzz' });
    };
    for (const filter of [
      { k: { $gte: 40 }, s: { $regex: '^s' } },
      { k: { $in: Array.from({ length: 60 }, (_, i) => 40 + i) }, s: { $regex: '^s' } },
    ]) {
      const fresh = collection();
      const forward = querySpec(filter, { sort: { k: 1 } });
      const unsorted = querySpec(filter, {});
      const expected = [forward, unsorted].map((q) => runQuery(fresh, q).docs.map((d) => d._id));
      const pending = [forward, unsorted].map((q) => runQueryYielding(fresh, q));
      for (const p of pending) expect(p).toBeInstanceOf(Promise);
      writeAtTheEnd(fresh);
      const results = await Promise.all(pending);
      expect(results.map((r) => r.docs.map((d) => d._id))).toEqual(expected);
      expect(results.every((r) => r.stats.yields > 0)).toBe(true);
    }
    // A read that starts now sees the writes.
    expect(runQuery(coll, count).n).toBe(N - 1);
    expect(runQuery(coll, querySpec({ k: 500 }, { count: true })).n).toBe(1);
  }, 30_000);
});
