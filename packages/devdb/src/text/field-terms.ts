import type { Doc } from '../bson.js';

/**
 * The strings of one top-level field of a text index's documents, inverted: string -> the
 * numbers of the documents holding it (the field equal to it, or an array with it as an
 * element), kept beside the text index's postings and updated by the same calls. A `$text`
 * query whose filter also asks `{ field: { $all: [strings] } }` (the services' "every word"
 * rule) intersects these lists before it reads any document, instead of scanning each
 * candidate's array: `field: s` matches exactly the documents in `s`'s list.
 */
export class FieldTerms {
  private readonly lists = new Map<string, number[]>();

  constructor(readonly field: string) {}

  /** The numbers of the documents holding `value` (undefined: none). Not to be changed. */
  list(value: string): readonly number[] | undefined {
    return this.lists.get(value);
  }

  add(num: number, doc: Doc): void {
    for (const value of this.valuesOf(doc)) {
      let list = this.lists.get(value);
      if (!list) this.lists.set(value, (list = []));
      list.push(num);
    }
  }

  remove(num: number, doc: Doc): void {
    for (const value of this.valuesOf(doc)) {
      const list = this.lists.get(value);
      const at = list ? list.lastIndexOf(num) : -1;
      if (!list || at < 0) continue;
      // Order does not matter: the last entry takes the removed one's place.
      const last = list.pop()!;
      if (at < list.length) list[at] = last;
      if (list.length === 0) this.lists.delete(value);
    }
  }

  clear(): void {
    this.lists.clear();
  }

  /** The field's distinct strings: the value itself, or an array's string elements. */
  private valuesOf(doc: Doc): Iterable<string> {
    const value = doc[this.field];
    if (typeof value === 'string') return [value];
    if (!Array.isArray(value)) return [];
    const strings = new Set<string>();
    for (const item of value) if (typeof item === 'string') strings.add(item);
    return strings;
  }
}
