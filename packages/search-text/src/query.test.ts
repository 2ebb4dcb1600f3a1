import { describe, expect, it } from 'vitest';
import { requiredTerms, toTextSearch } from './query.js';
import { parseSearch } from './search.js';

describe('requiredTerms', () => {
  it('every term of the words and phrases, stemmed, without stop words or exclusions', () => {
    expect(requiredTerms(parseSearch('The Running "of mice" -dogs'))).toEqual(['mice', 'run']);
  });

  it('is empty when only stop words or exclusions are asked for', () => {
    expect(requiredTerms(parseSearch('the of'))).toEqual([]);
    expect(requiredTerms(parseSearch('-dogs'))).toEqual([]);
  });

  it('treats the syntax of regular expressions and query operators as plain words', () => {
    // 'a' and 'where' are stop words.
    expect(requiredTerms(parseSearch('$where .* (a|b) {"$gt": 1}'))).toEqual(['1', 'b', 'gt']);
  });
});

describe('toTextSearch', () => {
  it('sends $text the string that was parsed, so MongoDB reads it the same way', () => {
    const q = 'cats -"blue whale" -dogs';
    expect(toTextSearch(parseSearch(q))).toBe(q);
  });
});
