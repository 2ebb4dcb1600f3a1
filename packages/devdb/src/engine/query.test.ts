import { describe, expect, it } from 'vitest';
import { narrowProjection, project } from './query.js';

const doc = { _id: 1, b: 2, a: 3, c: { d: 4 }, e: [5] };

describe('project (top-level fields)', () => {
  it("keeps the document's field order, _id first, when including", () => {
    const [out] = project([doc], { e: 1, b: 1 }, {});
    expect(Object.entries(out!)).toEqual([
      ['_id', 1],
      ['b', 2],
      ['e', [5]],
    ]);
    expect(project([doc], { a: 1, _id: 0 }, {})).toEqual([{ a: 3 }]);
  });

  it('drops the excluded fields and keeps the rest in order', () => {
    const [out] = project([doc], { a: 0, _id: 0 }, {});
    expect(Object.keys(out!)).toEqual(['b', 'c', 'e']);
    expect(Object.keys(project([doc], { c: 0 }, {})[0]!)).toEqual(['_id', 'b', 'a', 'e']);
  });

  it('never copies a field the document only inherits', () => {
    const inherited = Object.assign(Object.create({ a: 'inherited' }) as Record<string, unknown>, {
      _id: 2,
      b: 1,
    });
    expect(project([inherited], { a: 1, b: 1 }, {})).toEqual([{ _id: 2, b: 1 }]);
    expect(project([inherited], { b: 0 }, {})).toEqual([{ _id: 2 }]);
  });
});

describe('narrowProjection', () => {
  const doc = { _id: 1, a: 1, b: 2, c: { d: 3 } };
  it('is the document itself for none, a subset of its top-level fields for those', () => {
    expect(narrowProjection(undefined)!(doc)).toBe(doc);
    expect(narrowProjection({})!(doc)).toBe(doc);
    expect(narrowProjection({ a: 1, b: 1 })!(doc)).toEqual({ _id: 1, a: 1, b: 2 });
    expect(narrowProjection({ a: 0 })!(doc)).toEqual({ _id: 1, b: 2, c: { d: 3 } });
  });

  it('is undefined for operators, dotted paths and $meta', () => {
    expect(narrowProjection({ score: { $meta: 'textScore' } })).toBeUndefined();
    expect(narrowProjection({ e: { $slice: 1 } })).toBeUndefined();
    expect(narrowProjection({ 'c.d': 1 })).toBeUndefined();
  });
});
