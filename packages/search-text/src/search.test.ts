import { describe, expect, it } from 'vitest';
import { parseSearch } from './search.js';

describe('parseSearch', () => {
  it('ORs stemmed terms, without stop words, sorted and distinct', () => {
    expect(parseSearch('the Running runs dog', 'english')).toEqual({
      search: 'the Running runs dog',
      terms: ['dog', 'run'],
      negatedTerms: [],
      phrases: [],
      negatedPhrases: [],
    });
  });

  it('takes phrases as typed, and their words as terms', () => {
    expect(parseSearch('cafe "State of the Art"', 'english')).toMatchObject({
      terms: ['art', 'cafe', 'state'],
      phrases: ['State of the Art'],
    });
  });

  it('negates until the next whitespace', () => {
    expect(parseSearch('a -b -"c d" - e -f-g', 'english')).toEqual({
      search: 'a -b -"c d" - e -f-g',
      terms: ['e'],
      negatedTerms: ['b', 'f', 'g'],
      phrases: [],
      negatedPhrases: ['c d'],
    });
    // A hyphen inside a word splits it; both halves are terms.
    expect(parseSearch('e-mail', 'english').terms).toEqual(['e', 'mail']);
  });

  it('keeps the words of an unterminated phrase as terms only', () => {
    expect(parseSearch('"open phrase', 'english')).toMatchObject({
      terms: ['open', 'phrase'],
      phrases: [],
    });
  });
});
