import type mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newClient, openTestDb, raw, type TestDb } from './testing/harness.js';
import { withPings } from './testing/pings.js';

/**
 * An aggregate's stages after its query ($group, $sort, $lookup, per-document stages) pause
 * between pieces of work: another connection keeps getting answers while one runs over
 * 100,000 rows, and the results are what the stages compute.
 */
type Doc = mongoose.mongo.Document;

let db: TestDb;
let other: mongoose.mongo.MongoClient;
const N = 100_000;
const big = (): mongoose.mongo.Collection<Doc> => raw(db, 'big') as never;

beforeAll(async () => {
  db = await openTestDb();
  other = await newClient(db);
  for (let start = 0; start < N; start += 50_000) {
    await big().insertMany(
      Array.from({ length: 50_000 }, (_, j) => ({
        _id: (start + j) as never,
        g: (start + j) % 100,
        n: start + j,
        s: `s${start + j}`,
      })),
    );
  }
  await raw(db, 'groups').insertMany(
    Array.from({ length: 100 }, (_, g) => ({ _id: g as never, label: `group ${g}` })),
  );
}, 180_000);
afterAll(async () => {
  await other?.close();
  await db.close();
});

describe('an aggregate over 100,000 rows', () => {
  it('answers other connections during $group and gives the right groups', async () => {
    const { result, answered } = await withPings(other, () =>
      big()
        .aggregate<Doc>([
          { $group: { _id: '$g', total: { $sum: '$n' }, avg: { $avg: '$n' }, count: { $sum: 1 } } },
          { $sort: { _id: 1 } },
        ])
        .toArray(),
    );
    expect(answered).toBeGreaterThan(2);
    expect(result).toHaveLength(100);
    // Group g holds g, g + 100, ..., g + 99,900: 1,000 numbers.
    const g = 42;
    const total = 1000 * g + 100 * ((999 * 1000) / 2);
    expect(result[g]).toEqual({ _id: g, total, avg: total / 1000, count: 1000 });
  }, 120_000);

  it('answers other connections during a $sort after other stages', async () => {
    const { result, answered } = await withPings(other, () =>
      big()
        .aggregate<Doc>([{ $project: { s: 1 } }, { $sort: { s: -1 } }, { $limit: 3 }])
        .toArray(),
    );
    expect(answered).toBeGreaterThan(2);
    // Strings sort by character: "s99999" > "s99998" > "s99997".
    expect(result).toEqual([
      { _id: 99_999, s: 's99999' },
      { _id: 99_998, s: 's99998' },
      { _id: 99_997, s: 's99997' },
    ]);
  }, 120_000);

  it('answers other connections during an indexed $lookup over every row', async () => {
    const { result, answered } = await withPings(other, () =>
      big()
        .aggregate<Doc>([
          { $lookup: { from: 'groups', localField: 'g', foreignField: '_id', as: 'group' } },
          { $unwind: '$group' },
          { $match: { 'group.label': 'group 7' } },
          { $count: 'n' },
        ])
        .toArray(),
    );
    expect(answered).toBeGreaterThan(2);
    expect(result).toEqual([{ n: 1000 }]);
  }, 120_000);
});
