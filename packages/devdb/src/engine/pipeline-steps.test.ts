import { describe, expect, it } from 'vitest';
import type { Doc } from '../bson.js';
import { Collection } from './collection.js';
import { Slice, type Pausing } from './pausing.js';
import { runMingo } from './pipeline.js';
import { finishPipelinePausing } from './pipeline-steps.js';
import { keyOf } from './values.js';

/** Runs pausing work to its end, pausing at every chance it takes; counts the pauses. */
function runPausingEverywhere<T>(work: (slice: Slice) => Pausing<T>): { value: T; pauses: number } {
  const gen = work(new Slice(-1));
  let pauses = 0;
  for (let step = gen.next(); ; step = gen.next()) {
    if (step.done) return { value: step.value, pauses };
    pauses++;
  }
}

const N = 5000;
const docs: Doc[] = Array.from({ length: N }, (_, i) => ({
  _id: i,
  g: i % 7,
  h: `h${i % 3}`,
  n: (i * 7919) % 1000,
  s: `s${(i * 31) % 977}`,
  tags: [i % 4, (i + 1) % 4],
  ...(i % 5 === 0 ? {} : { opt: i % 11 }),
}));
const users = new Collection('d', 'users', () => ({ append: () => {} }));
for (let i = 0; i < 50; i++) users.insert({ _id: i, name: `u${i}` });
const collections = (name: string): Collection | undefined =>
  name === 'users' ? users : undefined;

/** Group output order is unspecified (as in MongoDB); sets are compared as sets. */
const canonical = (out: Doc[]): unknown =>
  out
    .map((d) => {
      const c: Doc = {};
      for (const [k, v] of Object.entries(d)) {
        c[k] = Array.isArray(v) && k.startsWith('set') ? [...v].map(keyOf).sort() : v;
      }
      return c;
    })
    .sort((a, b) => (keyOf(a._id) < keyOf(b._id) ? -1 : keyOf(a._id) > keyOf(b._id) ? 1 : 0));

const PIPELINES: [string, Doc[], boolean][] = [
  // [name, stages, whether the output order is defined]
  ['$match + $project', [{ $match: { g: { $gt: 2 } } }, { $project: { n: 1, s: 1 } }], true],
  [
    '$addFields + $unwind + $count',
    [{ $addFields: { x: { $add: ['$n', 1] } } }, { $unwind: '$tags' }, { $count: 'c' }],
    true,
  ],
  [
    '$sort two keys, then $skip/$limit',
    [{ $project: { g: 1, n: 1 } }, { $sort: { g: -1, n: 1 } }, { $skip: 10 }, { $limit: 2000 }],
    true,
  ],
  ['$sort on a string, stable', [{ $addFields: { k: 1 } }, { $sort: { h: 1 } }], true],
  [
    '$group with every mergeable accumulator',
    [
      {
        $group: {
          _id: '$g',
          sum: { $sum: '$n' },
          count: { $count: {} },
          ones: { $sum: 1 },
          min: { $min: '$opt' },
          max: { $max: '$s' },
          first: { $first: '$_id' },
          last: { $last: '$n' },
          push: { $push: '$n' },
          setOfH: { $addToSet: '$h' },
          avg: { $avg: '$opt' },
        },
      },
    ],
    false,
  ],
  ['$group by a compound key', [{ $group: { _id: { g: '$g', h: '$h' }, n: { $sum: 1 } } }], false],
  [
    '$group into one group',
    [{ $group: { _id: null, total: { $sum: '$n' }, ids: { $push: '$_id' } } }],
    false,
  ],
  [
    '$group with an accumulator run whole',
    [{ $group: { _id: '$h', dev: { $stdDevPop: '$n' } } }],
    false,
  ],
  ['$sortByCount', [{ $sortByCount: '$h' }], false],
  ['$group then $sort', [{ $group: { _id: '$g', n: { $sum: '$n' } } }, { $sort: { n: -1 } }], true],
  [
    '$lookup through _id, then $unwind',
    [
      { $lookup: { from: 'users', localField: 'opt', foreignField: '_id', as: 'u' } },
      { $unwind: '$u' },
      { $project: { 'u.name': 1 } },
    ],
    true,
  ],
];

describe('pipeline stages after the query, pausing', () => {
  it.each(PIPELINES)('%s: the same result as mingo in one go', (_name, stages, ordered) => {
    const expected = runMingo(docs, stages, collections);
    const { value, pauses } = runPausingEverywhere((slice) =>
      finishPipelinePausing(docs, stages, collections, slice),
    );
    // $stdDevPop does not merge from partial groups: that $group runs whole (no pause).
    if (stages.some((s) => JSON.stringify(s).includes('$stdDevPop'))) expect(pauses).toBe(0);
    else expect(pauses).toBeGreaterThan(0);
    if (ordered) expect(value).toEqual(expected);
    else expect(canonical(value)).toEqual(canonical(expected));
  });

  it('leaves the stored documents unchanged', () => {
    const before = JSON.stringify(docs.slice(0, 50));
    runPausingEverywhere((slice) =>
      finishPipelinePausing(docs, [{ $addFields: { n: 0 } }, { $unset: 's' }], collections, slice),
    );
    expect(JSON.stringify(docs.slice(0, 50))).toBe(before);
  });
});
