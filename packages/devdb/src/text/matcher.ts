import type { Doc } from '../bson.js';
import { phraseIn, phraseTest } from './phrase.js';
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

/**
 * phrasesMatch for one query, compiled once: each phrase folded once, not per candidate; `num`
 * is the document's number in the text index (each document's folded strings are remembered
 * by it). Undefined when the search has no phrases.
 */
export function phrasesTest(
  spec: TextSpec,
  search: ParsedSearch,
): ((num: number, doc: Doc) => boolean) | undefined {
  if (search.phrases.length === 0 && search.negatedPhrases.length === 0) return undefined;
  const wanted = search.phrases.map((p) => phraseTest(spec, p));
  const unwanted = search.negatedPhrases.map((p) => phraseTest(spec, p));
  return (num, doc) => wanted.every((t) => t(num, doc)) && !unwanted.some((t) => t(num, doc));
}
