import { describe, expect, it } from 'vitest';
import {
  namePrefix,
  prefixRange,
  searchMatch,
  SEARCH_SORT,
  searchProjection,
} from './search-query.js';

describe('searchMatch', () => {
  it('ranks with $text and requires every stemmed word with $all', () => {
    expect(searchMatch('Running shoes').filter).toEqual({
      $text: { $search: 'Running shoes' },
      search_terms: { $all: ['run', 'shoe'] },
    });
    // One required term for a repeated or inflected word.
    expect(searchMatch('run running RUNS').filter?.search_terms).toEqual({ $all: ['run'] });
  });

  it('requires the words of a phrase, not its exclusions', () => {
    const { filter } = searchMatch('"red apples" -pears tart');
    const search = (filter?.$text as { $search: string }).$search;
    for (const part of ['"red apples"', '-pears', 'tart']) expect(search).toContain(part);
    expect((filter?.search_terms as { $all: string[] }).$all.sort()).toEqual([
      'appl',
      'red',
      'tart',
    ]);
  });

  it('matches nothing (no query) for stop words alone or exclusions alone', () => {
    expect(searchMatch('the of and').filter).toBeNull();
    expect(searchMatch('-cats -"dog food"').filter).toBeNull();
  });

  it('keeps operators and regex characters as plain words (punctuation separates them)', () => {
    // "where" and "a" are stop words; '$', '.', '*', '(', '|' are delimiters.
    expect(searchMatch('.* $where (a|b) $gt').filter?.search_terms).toEqual({ $all: ['b', 'gt'] });
    expect(searchMatch('.* (|)').filter).toBeNull();
  });
});

describe('search sorts', () => {
  it('relevance sorts and projects the textScore under a name posts do not use, beside the fields', () => {
    expect(SEARCH_SORT.relevance).toEqual({ text_score: { $meta: 'textScore' }, _id: -1 });
    const fields = { title: 1, content: 1 } as const;
    expect(searchProjection(fields, 'relevance')).toEqual({
      title: 1,
      content: 1,
      text_score: { $meta: 'textScore' },
    });
    expect(searchProjection(fields, 'new')).toEqual(fields);
    expect(SEARCH_SORT.top).toEqual({ score: -1, _id: -1 });
  });
});

describe('namePrefix', () => {
  it('is q folded when q is one name-like word', () => {
    expect(namePrefix(' Rust_Lang ')).toBe('rust_lang');
    expect(namePrefix('Café')).toBe('cafe');
  });

  it('is a range holding every name that starts with it', () => {
    const { $gte, $lt } = prefixRange('ali');
    for (const name of ['ali', 'alice', 'ali_9', 'aliz', 'ali_zz']) {
      expect(name >= $gte && name < $lt, name).toBe(true);
    }
    for (const name of ['al', 'alh', 'alj', 'bob'])
      expect(name >= $gte && name < $lt, name).toBe(false);
  });

  it('is null for several words, operators or other characters', () => {
    for (const q of ['rust lang', '-rust', '"rust"', 'a.*', '(a|b)', '$where']) {
      expect(namePrefix(q), q).toBeNull();
    }
  });
});
