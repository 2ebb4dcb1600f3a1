import { BSON } from 'bson';
import { describe, expect, it } from 'vitest';
import { SHARED_MAX_LENGTH, SharedStrings, flatString, shareStrings } from './shared-strings.js';

// Which copy a string is cannot be seen from JavaScript: stored-doc.test.ts asks V8 whether two
// stored documents hold the same one. Here: the values and the table's bounds.
describe('SharedStrings', () => {
  it('keeps one entry per short string and none for longer ones', () => {
    const table = new SharedStrings(10);
    const long = 'x'.repeat(SHARED_MAX_LENGTH + 1);
    expect(table.shared('apple')).toBe('apple');
    expect(table.shared(['app', 'le'].join(''))).toBe('apple');
    expect(table.shared(long)).toBe(long);
    expect(table.shared('x'.repeat(SHARED_MAX_LENGTH))).toBe('x'.repeat(SHARED_MAX_LENGTH));
    expect(table.size).toBe(2);
  });

  it('stops adding at its bound and still answers every string', () => {
    const table = new SharedStrings(3);
    for (const s of ['a', 'b', 'c', 'd', 'e', 'a']) expect(table.shared(s)).toBe(s);
    expect(table.size).toBe(3);
  });
});

describe('shareStrings', () => {
  it('leaves every value as it was: top-level strings, arrays of strings, nested documents', () => {
    const input = {
      _id: 1,
      type: 'text',
      title: 'y'.repeat(100),
      search_terms: ['scale', 'post', 'scale'],
      mixed: ['a', 2, null, { b: 'c' }],
      nested: { name: 'n', list: ['p'] },
    };
    const doc = BSON.deserialize(BSON.serialize(input));
    shareStrings(doc);
    expect(doc).toEqual(input);
  });

  it('does not touch a frozen array', () => {
    const terms = Object.freeze(['a', 'b']);
    const doc = { terms };
    expect(() => shareStrings(doc)).not.toThrow();
  });
});

describe('flatString', () => {
  it('answers an equal string', () => {
    const key = 'o' + '6b1707fd' + 'ad9294fd' + '76fba186';
    expect(flatString(key)).toBe(key);
    expect(flatString('short')).toBe('short');
    expect(flatString('')).toBe('');
  });
});
