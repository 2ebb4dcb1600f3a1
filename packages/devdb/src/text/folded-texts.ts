import { foldForMatch } from '@forum/search-text';
import type { Doc } from '../bson.js';
import { textValues, type TextSpec } from './text-spec.js';

/**
 * A text index's documents' indexed strings, folded for phrase matching, remembered per
 * document object: a phrase query tests each candidate's strings, and folding them was most of
 * its time (over a thousand candidates per query). Stored documents are never changed in place
 * (a write stores a new object), so an entry cannot go stale; it goes with its document.
 */
export class FoldedTexts {
  private readonly byDoc = new WeakMap<Doc, readonly string[]>();
  private readonly read: (doc: Doc) => string[];

  constructor(spec: TextSpec) {
    this.read = indexedStrings(spec);
  }

  of(doc: Doc): readonly string[] {
    let folded = this.byDoc.get(doc);
    if (!folded) {
      folded = this.read(doc).map(foldForMatch);
      this.byDoc.set(doc, folded);
    }
    return folded;
  }
}

const byIndex = new WeakMap<TextSpec, FoldedTexts>();

/** The folded strings of the documents of the text index `spec` describes. */
export function foldedTextsOf(spec: TextSpec): FoldedTexts {
  let texts = byIndex.get(spec);
  if (!texts) byIndex.set(spec, (texts = new FoldedTexts(spec)));
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
