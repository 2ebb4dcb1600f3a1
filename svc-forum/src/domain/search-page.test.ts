import { describe, expect, it } from 'vitest';
import { byNameLength, concatenatedPage } from './search-page.js';

describe('concatenatedPage', () => {
  it('takes the first list, then the rest of the page from the second', () => {
    expect(concatenatedPage(3, 0, 2)).toEqual({
      first: { skip: 0, end: 2 },
      rest: { skip: 0, limit: 0 },
    });
    expect(concatenatedPage(3, 2, 4)).toEqual({
      first: { skip: 2, end: 3 },
      rest: { skip: 0, limit: 3 },
    });
  });

  it('skips into the second list past the first', () => {
    expect(concatenatedPage(3, 5, 4)).toEqual({
      first: { skip: 3, end: 3 },
      rest: { skip: 2, limit: 4 },
    });
    expect(concatenatedPage(0, 0, 20)).toEqual({
      first: { skip: 0, end: 0 },
      rest: { skip: 0, limit: 20 },
    });
  });
});

describe('byNameLength', () => {
  it('orders by length, then by name', () => {
    const names = ['alice', 'ali_b', 'alias', 'ali'].map((name_lower) => ({ name_lower }));
    expect(byNameLength(names).map((n) => n.name_lower)).toEqual([
      'ali',
      'ali_b',
      'alias',
      'alice',
    ]);
  });
});
