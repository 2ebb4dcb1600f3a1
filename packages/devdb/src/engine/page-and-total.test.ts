import { describe, expect, it } from 'vitest';
import { pageAndTotal } from './page-and-total.js';

const score = { $meta: 'textScore' };
const facet = (spec: Record<string, unknown>) => [{ $facet: spec }];

describe('pageAndTotal', () => {
  it('reads a page and a $count, in either order', () => {
    expect(
      pageAndTotal(
        facet({
          rows: [
            { $sort: { s: score, _id: -1 } },
            { $skip: 20 },
            { $limit: 10 },
            { $project: { t: 1, s: score } },
          ],
          total: [{ $count: 'n' }],
        }),
      ),
    ).toEqual({
      order: ['rows', 'total'],
      rowsField: 'rows',
      totalField: 'total',
      countField: 'n',
      sort: { s: score, _id: -1 },
      skip: 20,
      limit: 10,
      projection: { t: 1, s: score },
    });
    expect(pageAndTotal(facet({ n: [{ $count: 'c' }], all: [] }))).toMatchObject({
      order: ['n', 'all'],
      rowsField: 'all',
      totalField: 'n',
      sort: undefined,
      skip: 0,
      limit: Infinity,
      projection: undefined,
    });
  });

  it('leaves every other $facet to mingo', () => {
    const count = [{ $count: 'n' }];
    const others: unknown[][] = [
      [{ $facet: { rows: [], total: count } }, { $limit: 1 }],
      facet({ rows: [], total: count, more: [] }),
      facet({ a: count, b: count }),
      facet({ rows: [{ $match: { x: 1 } }], total: count }),
      facet({ rows: [{ $skip: 1 }, { $sort: { x: 1 } }], total: count }),
      facet({ rows: [{ $project: { x: { $add: ['$y', 1] } } }], total: count }),
      facet({ rows: [{ $project: { 'a.b': 1 } }], total: count }),
      facet({ rows: [{ $project: { x: 1 } }, { $limit: 2 }], total: count }),
      facet({ rows: [{ $group: { _id: null } }], total: count }),
      facet({ rows: [], total: [{ $count: '$n' }] }),
      facet({ rows: [], total: [{ $match: {} }, { $count: 'n' }] }),
      facet({ rows: {}, total: count }),
    ];
    for (const rest of others)
      expect(pageAndTotal(rest as never), JSON.stringify(rest)).toBeUndefined();
  });
});
