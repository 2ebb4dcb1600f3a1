import { foldForMatch } from '@forum/search-text';
import type { Doc } from '../bson.js';
import { NumMemo } from './num-memo.js';
import { textValues, type TextSpec } from './text-spec.js';

/** Joins a document's folded strings: a phrase without it cannot match across two of them. */
export const SEPARATOR = '\u0000';

/**
 * A text index's documents' indexed strings, folded for phrase matching and joined by
 * SEPARATOR (null: the document has none), remembered by document number (NumMemo): a phrase
 * query tests each of its candidates, and folding them was most of its time, then looking the
 * folded strings up per document object (a WeakMap) half of what was left.
 */
export type FoldedTexts = NumMemo<string | null>;

const byIndex = new WeakMap<TextSpec, FoldedTexts>();

/** The folded strings of the documents of the text index `spec` describes. */
export function foldedTextsOf(spec: TextSpec): FoldedTexts {
  let texts = byIndex.get(spec);
  if (!texts) {
    const read = indexedStrings(spec);
    texts = new NumMemo((doc) => {
      const strings = read(doc);
      return strings.length === 0 ? null : strings.map(foldForMatch).join(SEPARATOR);
    });
    byIndex.set(spec, texts);
  }
  return texts;
}

/**
 * The strings a text index covers in a document. Every weighted path top-level (the usual
 * index): those fields' strings and their arrays' strings, read directly; else the general
 * walk (textValues, which also tells weights and languages, visits every field).
 */
export function indexedStrings(spec: TextSpec): (doc: Doc) => string[] {
  if (spec.weights.some(([path]) => path.includes('.'))) {
    return (doc) => [...textValues(spec, doc)].map(({ text }) => text);
  }
  const paths = spec.weights.map(([path]) => path);
  return (doc) => {
    const out: string[] = [];
    for (const path of paths) {
      const value = doc[path];
      if (typeof value === 'string') out.push(value);
      else if (Array.isArray(value)) {
        for (const item of value) if (typeof item === 'string') out.push(item);
      }
    }
    return out;
  };
}
