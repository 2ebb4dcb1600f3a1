import type { Doc } from '../bson.js';
import { phraseIn } from './phrase.js';
import type { ParsedSearch } from '@forum/search-text';
import { textValues, type TextSpec } from './text-spec.js';
import { terms } from '@forum/search-text';

/**
 * Whether `doc` matches a parsed `$search`, checked on the document alone as MongoDB's
 * FTSMatcher::matches does (src/mongo/db/fts/fts_matcher.cpp): one of the terms, none of the
 * negated terms, every phrase, none of the negated phrases.
 */
export function matchesSearch(spec: TextSpec, search: ParsedSearch, doc: Doc): boolean {
  const positive = new Set(search.terms);
  const negated = new Set(search.negatedTerms);
  let hasPositive = false;
  for (const { text, language } of textValues(spec, doc)) {
    for (const term of terms(text, language, { filterStopWords: false })) {
      if (negated.has(term)) return false;
      if (positive.has(term)) hasPositive = true;
    }
  }
  return hasPositive && phrasesMatch(spec, search, doc);
}

/** The phrase part of the match: every phrase appears, no negated phrase does. */
export function phrasesMatch(spec: TextSpec, search: ParsedSearch, doc: Doc): boolean {
  return (
    search.phrases.every((p) => phraseIn(spec, doc, p)) &&
    !search.negatedPhrases.some((p) => phraseIn(spec, doc, p))
  );
}
