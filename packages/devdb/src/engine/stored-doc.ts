import type { Doc } from '../bson.js';
import { shareStrings } from './shared-strings.js';

/**
 * A stored document's record id (Collection: insertion order), bound to the copy a collection
 * stores: with it the document can be its own key in an index of top-level fields (Index). A
 * symbol, not enumerable, so no copy, serializer or query ever sees it.
 */
export const RECORD_ID = Symbol('recordId');

/** The record id bound to a stored document (undefined for any other object). */
export const storedRecordId = (doc: Doc): string | undefined =>
  (doc as { [RECORD_ID]?: string })[RECORD_ID];

/**
 * The copy a collection stores of `doc`, bound to record id `rid`. Two things about its shape in
 * V8 (issue 17), both checked by stored-doc.test.ts:
 * - Fast mode: the BSON decoder builds a document of more than a few fields as a dictionary (a
 *   26-field post then takes about 1.6 KB of property storage instead of about 0.2 KB, and every
 *   field read is a hash lookup). A spread copy is a fast object.
 * - One hidden class for every document of the same fields: a property added to a spread copy
 *   gives each document a class of its own, and an index's field loads then go megamorphic (a
 *   key comparison 10 times slower). `Object.assign` onto `{}` from the spread copy shares one.
 *   It sets `__proto__` as the prototype, not as a field, so such a document keeps the spread
 *   copy (a class of its own, rare).
 * Its short strings are the ones other documents share (shared-strings.ts).
 */
export function storedDoc(doc: Doc, rid: string): Doc {
  const copy = { ...doc };
  shareStrings(copy);
  const stored = Object.hasOwn(copy, '__proto__') ? copy : Object.assign({}, copy);
  Object.defineProperty(stored, RECORD_ID, { value: rid });
  return stored;
}
