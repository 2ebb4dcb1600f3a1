import type { Doc } from '../bson.js';
import type { TextIndex } from '../indexes/text-index.js';
import { textScratch } from './text-scratch.js';
import { isPlainObject } from './values.js';

/** A top-level `{ field: { $all: [strings] } }` of a text query's filter (strings distinct). */
export interface RequiredStrings {
  field: string;
  values: string[];
}

/**
 * The filter's top-level `$all`s of strings, and the filter without them: those are answered
 * from the text index's inverted fields (FieldTerms) before any document is read. Undefined
 * when there is none.
 */
export function splitRequired(filter: Doc): { required: RequiredStrings[]; rest: Doc } | undefined {
  const required: RequiredStrings[] = [];
  const rest: Doc = {};
  for (const [field, cond] of Object.entries(filter)) {
    const values = allStrings(field, cond);
    if (values) required.push({ field, values });
    else rest[field] = cond;
  }
  return required.length > 0 ? { required, rest } : undefined;
}

function allStrings(field: string, cond: unknown): string[] | undefined {
  if (field.startsWith('$') || field.includes('.') || !isPlainObject(cond)) return undefined;
  const keys = Object.keys(cond);
  const all = cond.$all;
  if (keys.length !== 1 || keys[0] !== '$all' || !Array.isArray(all) || all.length === 0) {
    return undefined;
  }
  if (!all.every((v): v is string => typeof v === 'string')) return undefined;
  return [...new Set(all)];
}

/** Marks by document number (text-scratch.ts). */
const marksOf = textScratch((n) => new Int32Array(n));

/**
 * The documents holding every required string, as a membership test by document number:
 * the lists intersected smallest first, on numbers alone. `release` puts the scratch marks
 * back to zeros and must run before the query pauses.
 */
export function requiredDocs(
  index: TextIndex,
  required: RequiredStrings[],
): { has: (num: number) => boolean; release: () => void } {
  const lists: (readonly number[])[] = [];
  for (const { field, values } of required) {
    const terms = index.fieldTerms(field);
    for (const value of values) {
      const list = terms.list(value);
      if (!list) return { has: () => false, release: () => {} };
      lists.push(list);
    }
  }
  lists.sort((a, b) => a.length - b.length);
  const marks = marksOf(index);
  const [first] = lists;
  for (const num of first!) marks[num] = 1;
  // A document holding the first i lists' strings is marked i; the others stop counting.
  for (let i = 1; i < lists.length; i++) {
    const list = lists[i]!;
    for (let j = 0; j < list.length; j++) {
      const num = list[j]!;
      if (marks[num] === i) marks[num] = i + 1;
    }
  }
  const k = lists.length;
  return {
    has: (num) => marks[num] === k,
    release: () => {
      for (const num of first!) marks[num] = 0;
    },
  };
}
