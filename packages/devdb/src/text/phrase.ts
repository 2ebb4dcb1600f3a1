import { foldForMatch } from '@forum/search-text';
import type { Doc } from '../bson.js';
import { foldedTextsOf, indexedStrings, SEPARATOR } from './folded-texts.js';
import type { TextSpec } from './text-spec.js';

/**
 * Whether `phrase` appears in one of the document's indexed strings, case- and
 * diacritic-insensitively (MongoDB's UnicodeFTSPhraseMatcher: a substring match of the folded
 * strings, src/mongo/db/fts/fts_unicode_phrase_matcher.cpp). Folds the document's strings
 * anew: the reference phraseTest is checked against.
 */
export function phraseIn(spec: TextSpec, doc: Doc, phrase: string): boolean {
  const needle = foldForMatch(phrase);
  return indexedStrings(spec)(doc).some((text) => foldForMatch(text).includes(needle));
}

/**
 * phraseIn for one phrase of a query, its folded form computed once and each document's folded
 * strings remembered by document number (folded-texts.ts): a query tests it on every
 * candidate, `num` being the document's number in the text index. An empty phrase is in every
 * indexed string, so in any document that has one.
 */
export function phraseTest(spec: TextSpec, phrase: string): (num: number, doc: Doc) => boolean {
  const needle = foldForMatch(phrase);
  // A needle holding the separator could match across two strings: fold the document anew.
  if (needle.includes(SEPARATOR)) return (_, doc) => phraseIn(spec, doc, phrase);
  const texts = foldedTextsOf(spec);
  return (num, doc) => {
    const folded = texts.of(num, doc);
    return folded !== null && folded.includes(needle);
  };
}
