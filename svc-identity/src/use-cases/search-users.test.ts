import { describe, expect, it } from 'vitest';
import { userSearchQueries } from './search-users.js';

describe('userSearchQueries', () => {
  it('reads a name prefix as the index range of its folded form', () => {
    expect(userSearchQueries('Ali').byName).toEqual({
      username_lower: { $gte: 'ali', $lt: 'alj' },
      is_active: { $ne: false },
    });
    // Accents and case fold away; the last letter or digit steps to the next code point.
    expect(userSearchQueries('ZÉ').byName).toMatchObject({
      username_lower: { $gte: 'ze', $lt: 'zf' },
    });
    expect(userSearchQueries('bob9').byName).toMatchObject({
      username_lower: { $gte: 'bob9', $lt: 'bob:' },
    });
  });

  it('has no name prefix for a q that is not letters and digits', () => {
    for (const q of ['.*', 'a|b', '^ab', '$where', 'al ice', 'al-ice']) {
      expect(userSearchQueries(q).byName, q).toBeNull();
    }
  });

  it('requires every stemmed word and leaves the name matches out of the word matches', () => {
    expect(userSearchQueries('Running').byWord).toEqual({
      $text: { $search: 'Running' },
      search_terms: { $all: ['run'] },
      is_active: { $ne: false },
      username_lower: { $not: { $gte: 'running', $lt: 'runninh' } },
    });
    expect(userSearchQueries('gardens -rose "blue sky"').byWord).toEqual({
      // q as typed: MongoDB reads it as the parser here did.
      $text: { $search: 'gardens -rose "blue sky"' },
      search_terms: { $all: ['blue', 'garden', 'sky'] },
      is_active: { $ne: false },
    });
  });

  it('has no word match when no word can match (stop words, symbols, exclusions only)', () => {
    for (const q of ['the', '.*', '$where', '-alice', '^$']) {
      expect(userSearchQueries(q).byWord, q).toBeNull();
    }
  });
});
