import { describe, expect, it } from 'vitest';
import { project, projectionNarrows } from './query.js';

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

describe('projectionNarrows', () => {
  it('holds for none and for top-level fields, not for operators or $meta', () => {
    expect(projectionNarrows(undefined)).toBe(true);
    expect(projectionNarrows({})).toBe(true);
    expect(projectionNarrows({ a: 1, b: 1 })).toBe(true);
    expect(projectionNarrows({ a: 0 })).toBe(true);
    expect(projectionNarrows({ score: { $meta: 'textScore' } })).toBe(false);
    expect(projectionNarrows({ e: { $slice: 1 } })).toBe(false);
    expect(projectionNarrows({ 'c.d': 1 })).toBe(false);
  });
});
