/**
 * Run by stored-doc.test.ts under `node --allow-natives-syntax`: stores documents as a collection
 * does (insert of BSON-decoded input, replace, load) and prints whether each stored copy is in
 * V8's fast mode, whether documents of the same fields share one hidden class, whether they share
 * their short strings, and whether a collection's keys are flat strings (one piece, not a tree).
 */
import { BSON, ObjectId } from 'bson';
import type { Doc } from '../bson.js';
import { Collection } from '../engine/collection.js';
import { keyOf } from '../engine/values.js';

// Natives syntax is not TypeScript: compiled at run time, where the flag allows it.
const isFast = new Function('o', 'return %HasFastProperties(o)') as (o: object) => boolean;
const sameClass = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (
  a: object,
  b: object,
) => boolean;
const sameObject = new Function('a', 'b', 'return %IsSameHeapObject(a, b)') as (
  a: unknown,
  b: unknown,
) => boolean;
// Flattening gives back the same string only when it already was one piece.
const isFlat = new Function('s', 'return %IsSameHeapObject(%FlattenString(s), s)') as (
  s: string,
) => boolean;

const post = (i: number): Uint8Array => {
  const doc: Record<string, unknown> = { _id: i, kind: 'post', terms: ['shared', `own${i}`] };
  for (let f = 0; f < 25; f++) doc[`field${f}`] = f % 3 === 0 ? i : `value ${f} of ${i}`;
  return BSON.serialize(doc);
};

const coll = new Collection('db', 'posts', () => ({ append: () => {} }));
coll.createIndex({ key: { field0: 1, _id: -1 }, name: 'field0_1__id_-1' });
for (let i = 0; i < 200; i++) coll.insert(BSON.deserialize(post(i)));
for (let i = 0; i < 50; i++) {
  const prev = coll.docs.get(keyOf(i))!;
  // Another small integer: a field's representation (small integer, double, any) stays as it was,
  // so V8 has no reason to move the class on.
  coll.replace(prev, { ...prev, field3: i + 1000 });
}
for (let i = 200; i < 250; i++) coll.load(BSON.deserialize(post(i)));
const stored = [...coll.docs.values()];
const first = stored[0]!;

// Keys from ObjectIds, inserted and loaded: "o" and twelve pieces of hex, when built by `+`.
const ids = new Collection('db', 'ids', () => ({ append: () => {} }));
for (let i = 0; i < 3; i++) ids.insert(BSON.deserialize(BSON.serialize({ _id: new ObjectId() })));
ids.load(BSON.deserialize(BSON.serialize({ _id: new ObjectId() })));

const terms = (d: Doc) => d.terms as string[];
console.log(
  JSON.stringify({
    count: stored.length,
    fast: stored.filter(isFast).length,
    classes: stored.filter((d, i) => stored.findIndex((e) => sameClass(d, e)) === i).length,
    sharedField: stored.filter((d) => sameObject(d.kind, first.kind)).length,
    sharedTerm: stored.filter((d) => sameObject(terms(d)[0], terms(first)[0])).length,
    ownTerms: new Set(stored.map((d) => terms(d)[1])).size,
    keys: ids.docs.size,
    flatKeys: [...ids.docs.keys()].filter(isFlat).length,
  }),
);
