import { describe, expect, it } from 'vitest';
import { Index } from './index.js';
import { IdMultiMap } from './id-map.js';

describe('IdMultiMap', () => {
  it('tracks ids per key through adds and removes', () => {
    const m = new IdMultiMap();
    m.add('k', 'a');
    m.add('k', 'a');
    expect([...m.get('k')]).toEqual(['a']);
    expect(m.heldByOther('k', 'a')).toBe(false);
    m.add('k', 'b');
    expect([...m.get('k')].sort()).toEqual(['a', 'b']);
    expect(m.heldByOther('k', 'a')).toBe(true);
    m.remove('k', 'a');
    expect([...m.get('k')]).toEqual(['b']);
    m.remove('k', 'b');
    expect([...m.get('k')]).toEqual([]);
  });
});

describe('Index', () => {
  it('fans out arrays and finds unique conflicts with other documents only', () => {
    const idx = new Index({ key: { tags: 1 }, name: 'tags_1', unique: true });
    idx.add('1', { tags: ['a', 'b', 'a'] });
    expect(idx.conflict('1', { tags: ['a', 'b'] })).toBeUndefined();
    expect(idx.conflict('2', { tags: ['c', 'b'] })).toMatchObject({ values: ['b'] });
    expect([...idx.lookup(new Map([['tags', ['a', 'z']]]))!]).toEqual(['1']);
  });

  it('answers prefix equality on compound indexes and skips partial ones', () => {
    const idx = new Index({ key: { a: 1, b: -1 }, name: 'a_1_b_-1' });
    idx.add('1', { a: 1, b: 1 });
    idx.add('2', { a: 1, b: 2 });
    idx.add('3', { a: 2, b: 2 });
    expect([...idx.lookup(new Map([['a', [1]]]))!].sort()).toEqual(['1', '2']);
    expect(idx.lookup(new Map([['b', [2]]]))).toBeUndefined();
    const partial = new Index({
      key: { a: 1 },
      name: 'a_1',
      partialFilterExpression: { a: { $gt: 1 } },
    });
    expect(partial.lookup(new Map([['a', [2]]]))).toBeUndefined();
  });
});
