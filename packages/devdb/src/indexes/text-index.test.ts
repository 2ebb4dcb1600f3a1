import { describe, expect, it } from 'vitest';
import { fixTextSpec } from '../text/text-spec.js';
import type { IndexSpec } from './index.js';
import { TextIndex } from './text-index.js';

const spec = fixTextSpec({ key: { title: 'text' } }, 'title_text') as IndexSpec;

/** term -> the titles of the documents its posting holds, sorted. */
function postings(index: TextIndex): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [term, p] of index.postings) {
    out[term] = p
      .filter((_, i) => i % 2 === 0)
      .map((n) => String(index.docs[n]!.title))
      .sort();
  }
  return out;
}

describe('TextIndex', () => {
  it('keeps postings up to date through add, update and remove', () => {
    const index = new TextIndex(spec);
    const a = { _id: 1, title: 'red apples' };
    const b = { _id: 2, title: 'green apple' };
    const c = { _id: 3, title: 'red pears' };
    index.load([
      ['r1', a],
      ['r2', b],
      ['r3', c],
    ]);
    expect(postings(index)).toEqual({
      red: ['red apples', 'red pears'],
      appl: ['green apple', 'red apples'],
      green: ['green apple'],
      pear: ['red pears'],
    });
    expect(index.size).toBe(6);
    // An update: the old version out, the new one in, under the same record id.
    const a2 = { _id: 1, title: 'blue apples' };
    index.remove('r1', a);
    index.add('r1', a2);
    index.remove('r3', c);
    expect(postings(index)).toEqual({
      appl: ['blue apples', 'green apple'],
      green: ['green apple'],
      blue: ['blue apples'],
    });
    expect(index.size).toBe(4);
    // Removing a version the index does not hold changes nothing.
    index.remove('r1', a);
    expect(index.size).toBe(4);
  });

  it('keeps the terms’ scores next to the documents', () => {
    const index = new TextIndex(spec);
    index.add('r1', { title: 'Red' });
    index.add('r2', { title: 'red pie' });
    index.add('r3', { title: 'Apple' });
    // The whole field is the term (ASCII case aside): x1.1. 'Apple' stems to 'appl': not.
    // Each document's number, then its score.
    expect(index.postings.get('red')).toEqual([0, 1.1, 1, 0.75]);
    expect(index.postings.get('appl')).toEqual([2, 1]);
  });

  it('refuses a document whose language override devdb does not implement', () => {
    const index = new TextIndex(spec);
    expect(() => index.conflict('r1', { title: 'x', language: 'french' })).toThrow(
      /language override unsupported: french/,
    );
    expect(index.conflict('r1', { title: 'x', language: 'en' })).toBeUndefined();
  });
});
