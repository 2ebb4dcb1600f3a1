import { describe, expect, it } from 'vitest';
import { fold, foldCase, foldForMatch, stripDiacritics } from './fold.js';

describe('fold', () => {
  it('lower-cases code point by code point', () => {
    expect(foldCase('CAFÉ Ωμέγα')).toBe('café ωμέγα');
    // Final sigma folds to sigma; 'İ' (two code points in lower case) stays.
    expect(foldCase('ΟΔΟΣ ς İ')).toBe('οδοσ σ İ');
  });

  it('removes diacritics as MongoDB’s map does', () => {
    expect(stripDiacritics('café naïve Ångström crème brûlée')).toBe(
      'cafe naive Angstrom creme brulee',
    );
    // No decomposition: kept. A lone combining mark or '^' / '`': removed.
    expect(stripDiacritics('øæß')).toBe('øæß');
    expect(stripDiacritics('e\u0301 a^b`c')).toBe('e abc');
  });

  it('folds both for matching', () => {
    expect(foldForMatch('Crème BRÛLÉE')).toBe('creme brulee');
  });
});

describe('fold (names)', () => {
  it('lower-cases and removes accents, keeping other characters', () => {
    expect(fold('Café CRÈME Ñandú ^ab')).toBe('cafe creme nandu ^ab');
  });
});
