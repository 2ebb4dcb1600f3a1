import { ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';
import type { Doc } from '../bson.js';
import { fastFilter } from './fast-filter.js';
import { makeQuery } from './mingo.js';

const id = new ObjectId();
const other = new ObjectId();
/** Field values of every kind the fast path meets, and some it must leave to mingo. */
const VALUES: unknown[] = [
  undefined,
  null,
  true,
  false,
  'a',
  'b',
  '',
  0,
  1,
  id,
  new ObjectId(id.toHexString()),
  other,
  [],
  ['a'],
  ['a', 'b'],
  ['b', 'c'],
  [true],
  [false, 'a'],
  [id],
  [['a']],
  { a: 1 },
  [{ x: 'a' }],
];
const docs: Doc[] = VALUES.map((v) => (v === undefined ? { other: 1 } : { f: v, g: 'a' }));

const FILTERS: Doc[] = [
  { f: 'a' },
  { f: true },
  { f: false },
  { f: id },
  { f: { $ne: 'a' } },
  { f: { $ne: true } },
  { f: { $ne: false } },
  { f: { $ne: id } },
  { f: { $all: ['a'] } },
  { f: { $all: ['a', 'b'] } },
  { f: { $all: ['b', 'c', 'b'] } },
  { f: 'a', g: 'a' },
  { f: { $all: ['a'] }, g: { $ne: 'a' } },
  { f: { $all: ['a', 'a'] } },
  { f: { $all: [''] } },
  { f: { $all: ['a', 'b'] }, g: 'a' },
  // More tests than the unrolled conjunctions: absent fields match $ne.
  { f: { $ne: 'z' }, g: 'a', h: { $ne: true }, i: { $ne: false }, j: { $ne: id } },
  {
    f: { $all: ['a'] },
    g: 'a',
    h: { $ne: true },
    i: { $ne: false },
    j: { $ne: id },
    k: { $ne: 'x' },
  },
  { f: { $ne: 'z' }, g: 'b', h: { $ne: true }, i: { $ne: false }, j: { $ne: id } },
  { f: { $in: ['a'] } },
  { f: { $in: ['b', 'z'] } },
  { f: { $in: [false, true] } },
  { f: { $in: [true] } },
  { f: { $in: [id] } },
  { f: { $in: [other, new ObjectId()] } },
  { f: { $in: [id, 'a', false] } },
  { f: { $in: [id, other] }, g: 'a' },
];

/**
 * MongoDB: `{ f: { $all: [x, y] } }` is `{ $and: [{ f: x }, { f: y }] }` (so it also matches a
 * scalar f equal to x when x = y); mingo answers a scalar false, so $all is compared in that form.
 */
function asMongoDbReadsIt(filter: Doc): Doc {
  const and = Object.entries(filter).flatMap(([field, cond]) => {
    const all = (cond as { $all?: unknown[] } | undefined)?.$all;
    return all ? all.map((v) => ({ [field]: v })) : [{ [field]: cond }];
  });
  return { $and: and };
}

describe('fastFilter', () => {
  it('answers as mingo (MongoDB semantics) for every filter it compiles', () => {
    for (const filter of FILTERS) {
      const fast = fastFilter(filter);
      expect(fast, JSON.stringify(filter)).toBeDefined();
      const mingo = makeQuery(asMongoDbReadsIt(filter));
      for (const doc of docs) {
        expect(fast!(doc), `${JSON.stringify(filter)} on ${JSON.stringify(doc)}`).toBe(
          mingo.test(doc),
        );
      }
    }
  });

  it('leaves every other shape to mingo', () => {
    for (const filter of [
      { f: 1 },
      { f: null },
      { 'f.x': 'a' },
      { $or: [{ f: 'a' }] },
      { f: { $in: [] } },
      { f: { $in: [1] } },
      { f: { $in: ['a', null] } },
      { f: { $in: [['a']] } },
      { f: { $all: [] } },
      { f: { $all: [1] } },
      { f: { $ne: 'a', $exists: true } },
      { f: ['a'] },
      { f: { a: 1 } },
    ] as Doc[]) {
      expect(fastFilter(filter), JSON.stringify(filter)).toBeUndefined();
    }
  });
});
