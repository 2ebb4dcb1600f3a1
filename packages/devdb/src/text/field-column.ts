import type { Doc } from '../bson.js';
import { bsonTypeOf } from '../engine/values.js';

/** Distinct values a column codes at most; others read the document (titles, say). */
const MAX_CODES = 1 << 16;

/**
 * One top-level field of a text index's documents as a column: a small code per document
 * number, one per distinct value (missing, null, a boolean, a string, an ObjectId), kept beside
 * the text index's postings and updated by the same calls (writes, transaction undo, rebuilds).
 * A text query's residual condition on the field (`removed: false`, `community_id: {$nin}`) is
 * then decided once per distinct value, on a one-field document holding it, and looked up per
 * candidate by its code, instead of reading every candidate's stored document. Code 0: a value
 * that is not coded (an array, a number, a date...): the condition reads the document.
 */
export class FieldColumn {
  private codes = new Int32Array(1024);
  private readonly codeOf = new Map<string, number>();
  /** code -> a document holding only the field's value for that code ({} for missing). */
  private readonly samples: Doc[] = [{}];

  constructor(readonly field: string) {}

  /** How many codes there are (1 + the distinct values seen). */
  get size(): number {
    return this.samples.length;
  }

  /** The code of document `num` (0: read the document). */
  code(num: number): number {
    return num < this.codes.length ? this.codes[num]! : 0;
  }

  /** A document that holds only the value `code` stands for. */
  sample(code: number): Doc {
    return this.samples[code]!;
  }

  add(num: number, doc: Doc): void {
    if (num >= this.codes.length) {
      const grown = new Int32Array(Math.max(num + 1, this.codes.length * 2));
      grown.set(this.codes);
      this.codes = grown;
    }
    this.codes[num] = this.intern(doc[this.field]);
  }

  remove(num: number): void {
    if (num < this.codes.length) this.codes[num] = 0;
  }

  clear(): void {
    this.codes.fill(0);
  }

  private intern(value: unknown): number {
    const key = keyOf(value);
    if (key === undefined) return 0;
    let code = this.codeOf.get(key);
    if (code === undefined) {
      if (this.samples.length >= MAX_CODES) return 0;
      code = this.samples.length;
      this.samples.push(value === undefined ? {} : { [this.field]: value });
      this.codeOf.set(key, code);
    }
    return code;
  }
}

/**
 * A key equal for values every condition treats alike, undefined for values not coded. Missing
 * is its own value: `{ f: { $ne: true } }` matches it, `{ f: null }` too, `{ f: false }` not.
 */
function keyOf(value: unknown): string | undefined {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'string':
      return `s:${value}`;
    case 'object':
      return bsonTypeOf(value) === 'ObjectId'
        ? `o:${(value as { toHexString(): string }).toHexString()}`
        : undefined;
    default:
      return undefined;
  }
}
