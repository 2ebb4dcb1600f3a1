import { describe, expect, it } from 'vitest';
import { parseSearch, requiredTerms, toTextSearch } from './query.js';

describe('parseSearch', () => {
  it('reads words, phrases and exclusions', () => {
    expect(parseSearch('cats "red fox" -dogs -"blue whale" jumping')).toEqual({
      words: ['cats', 'jumping'],
      phrases: ['red fox'],
      excludedWords: ['dogs'],
      excludedPhrases: ['blue whale'],
    });
  });

  it('closes a phrase left open at the end', () => {
    expect(parseSearch('a "open phrase').phrases).toEqual(['open phrase']);
  });

  it('treats operators of other syntaxes as plain text', () => {
    const parsed = parseSearch('$where .* (a|b) {"$gt": 1}');
    expect(parsed.words).toEqual(['where', 'a', 'b', '1']);
    expect(parsed.phrases).toEqual(['$gt']);
    expect(parsed.excludedWords).toEqual([]);
  });

  it('a dash inside a word is not an exclusion', () => {
    expect(parseSearch('e-mail').words).toEqual(['e', 'mail']);
  });
});

describe('requiredTerms', () => {
  it('stems every word and phrase word, without stop words or exclusions', () => {
    expect(requiredTerms(parseSearch('The Running "of mice" -dogs')).sort()).toEqual([
      'mice',
      'run',
    ]);
  });

  it('is empty when only stop words or exclusions are asked for', () => {
    expect(requiredTerms(parseSearch('the of'))).toEqual([]);
    expect(requiredTerms(parseSearch('-dogs'))).toEqual([]);
  });
});

describe('toTextSearch', () => {
  it('writes a balanced $search string', () => {
    expect(toTextSearch(parseSearch('x "a b -dogs -"c'))).toBe('x c "a b -dogs -"');
    expect(toTextSearch(parseSearch('cats -"blue whale" -dogs'))).toBe('cats -dogs -"blue whale"');
  });
});
