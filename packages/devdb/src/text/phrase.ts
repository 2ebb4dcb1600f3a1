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
  for (const text of indexedStrings(spec, doc)) {
    if (foldForMatch(text).includes(needle)) return true;
  }
  return false;
}

/**
 * The strings a text index covers in `doc`. When every weighted path is a top-level field (the
 * usual index), they are those fields' strings and their arrays' strings, read directly: the
 * general walk (textValues, which also tells weights and languages) visits every field of the
 * document for each phrase of each candidate.
 */
function* indexedStrings(spec: TextSpec, doc: Doc): Generator<string> {
  if (spec.weights.some(([path]) => path.includes('.'))) {
    for (const { text } of textValues(spec, doc)) yield text;
    return;
  }
  for (const [path] of spec.weights) {
    const value = doc[path];
    if (typeof value === 'string') yield value;
    else if (Array.isArray(value)) {
      for (const item of value) if (typeof item === 'string') yield item;
    }
  }
}
