import { foldForMatch } from '@forum/search-text';
import { textValues, type TextSpec } from './text-spec.js';
import type { Doc } from '../bson.js';

/**
 * Whether `phrase` appears in one of the document's indexed strings, case- and
 * diacritic-insensitively (MongoDB's UnicodeFTSPhraseMatcher: a substring match of the folded
 * strings, src/mongo/db/fts/fts_unicode_phrase_matcher.cpp).
 */
export function phraseIn(spec: TextSpec, doc: Doc, phrase: string): boolean {
  return phraseTest(spec, phrase)(doc);
}

/**
 * phraseIn for one phrase, its folded form computed once (a query tests it on every candidate).
 * An empty phrase is in every indexed string, so in any document that has one.
 */
export function phraseTest(spec: TextSpec, phrase: string): (doc: Doc) => boolean {
  const needle = foldForMatch(phrase);
  const has = (text: string): boolean => foldForMatch(text).includes(needle);
  if (spec.weights.some(([path]) => path.includes('.'))) {
    return (doc) => {
      for (const { text } of textValues(spec, doc)) if (has(text)) return true;
      return false;
    };
  }
  // Every weighted path top-level (the usual index): those fields' strings and their arrays'
  // strings, read directly; the general walk (textValues, which also tells weights and
  // languages) visits every field of the document.
  const paths = spec.weights.map(([path]) => path);
  return (doc) => {
    for (const path of paths) {
      const value = doc[path];
      if (typeof value === 'string') {
        if (has(value)) return true;
      } else if (Array.isArray(value)) {
        for (const item of value) if (typeof item === 'string' && has(item)) return true;
      }
    }
    return false;
  };
}
