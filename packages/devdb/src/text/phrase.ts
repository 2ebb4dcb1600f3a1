import { foldForMatch } from '@forum/search-text';
import type { Doc } from '../bson.js';
import { foldedTextsOf, indexedStrings } from './folded-texts.js';
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
 * phraseIn for one phrase of a query, its folded form computed once and each document's
 * folded strings remembered (FoldedTexts): a query tests it on every candidate.
 * An empty phrase is in every indexed string, so in any document that has one.
 */
export function phraseTest(spec: TextSpec, phrase: string): (doc: Doc) => boolean {
  const needle = foldForMatch(phrase);
  const texts = foldedTextsOf(spec);
  return (doc) => {
    const folded = texts.of(doc);
    for (let i = 0; i < folded.length; i++) if (folded[i]!.includes(needle)) return true;
    return false;
  };
}
