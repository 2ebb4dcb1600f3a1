import { foldForMatch } from '@forum/search-text';
import { textValues, type TextSpec } from './text-spec.js';
import type { Doc } from '../bson.js';

/**
 * Whether `phrase` appears in one of the document's indexed strings, case- and
 * diacritic-insensitively (MongoDB's UnicodeFTSPhraseMatcher: a substring match of the folded
 * strings, src/mongo/db/fts/fts_unicode_phrase_matcher.cpp).
 */
export function phraseIn(spec: TextSpec, doc: Doc, phrase: string): boolean {
  const needle = foldForMatch(phrase);
  for (const { text } of textValues(spec, doc)) {
    if (foldForMatch(text).includes(needle)) return true;
  }
  return false;
}
