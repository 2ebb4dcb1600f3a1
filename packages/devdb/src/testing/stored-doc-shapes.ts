/**
 * Run by stored-doc.test.ts under `node --allow-natives-syntax`: stores documents as a collection
 * does (insert of BSON-decoded input, replace, load) and prints whether each stored copy is in
 * V8's fast mode and whether documents of the same fields share one hidden class.
 */
import { BSON } from 'bson';
import { Collection } from '../engine/collection.js';
import { keyOf } from '../engine/values.js';

// Natives syntax is not TypeScript: compiled at run time, where the flag allows it.
const isFast = new Function('o', 'return %HasFastProperties(o)') as (o: object) => boolean;
const sameClass = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (
  a: object,
  b: object,
) => boolean;

const post = (i: number): Uint8Array => {
  const doc: Record<string, unknown> = { _id: i };
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
console.log(
  JSON.stringify({
    count: stored.length,
    fast: stored.filter(isFast).length,
    classes: stored.filter((d, i) => stored.findIndex((e) => sameClass(d, e)) === i).length,
  }),
);
