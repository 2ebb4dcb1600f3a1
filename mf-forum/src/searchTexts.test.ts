import { describe, expect, it } from 'vitest';
import { SEARCH_MIN_CHARS, SEARCH_TERMS_TEXT } from '@forum/contracts';
import { SEARCH_MIN_LENGTH, SEARCH_TEXTS } from './searchTexts';

describe('the copies of the contracts in the search texts', () => {
  it('say what the API says and ask for as many characters', () => {
    expect(SEARCH_TEXTS.tooShort).toBe(SEARCH_TERMS_TEXT);
    expect(SEARCH_MIN_LENGTH).toBe(SEARCH_MIN_CHARS);
  });

  it('the empty state quotes the query', () => {
    expect(SEARCH_TEXTS.noResults('red fox')).toBe('No results for "red fox"');
  });
});
