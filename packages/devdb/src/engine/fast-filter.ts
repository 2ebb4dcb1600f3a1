import type { Doc } from '../bson.js';
import { bsonTypeOf, isPlainObject } from './values.js';

type Matcher = (doc: Doc) => boolean;
type Scalar = string | boolean | { equals(other: unknown): boolean };

/**
 * The residual filters the services send most (top-level equality on strings, booleans and
 * ObjectIds, `$ne` of one, `$all` of strings), compiled to plain functions with MongoDB's
 * semantics instead of going through mingo per document: a text search tests thousands of
 * candidates. Anything else returns undefined, and mingo compiles the whole filter.
 */
export function fastFilter(filter: Doc): Matcher | undefined {
  const tests: Matcher[] = [];
  for (const [field, cond] of Object.entries(filter)) {
    if (field.startsWith('$') || field.includes('.')) return undefined;
    const test = fieldTest(field, cond);
    if (!test) return undefined;
    tests.push(test);
  }
  return (doc) => tests.every((test) => test(doc));
}

function fieldTest(field: string, cond: unknown): Matcher | undefined {
  if (isScalar(cond)) return (doc) => holds(doc[field], cond);
  if (!isPlainObject(cond)) return undefined;
  const ops = Object.keys(cond);
  if (ops.length !== 1) return undefined;
  const arg = cond[ops[0]!];
  if (ops[0] === '$ne' && isScalar(arg)) return (doc) => !holds(doc[field], arg);
  if (ops[0] === '$all' && Array.isArray(arg) && arg.length > 0) {
    if (!arg.every((v): v is string => typeof v === 'string')) return undefined;
    return (doc) => arg.every((v) => holds(doc[field], v));
  }
  return undefined;
}

const isScalar = (v: unknown): v is Scalar =>
  typeof v === 'string' || typeof v === 'boolean' || bsonTypeOf(v) === 'ObjectId';

/** Equality as MongoDB applies it to a field: the value itself, or one element of an array. */
function holds(value: unknown, wanted: Scalar): boolean {
  // Strings and booleans: the native scan (SameValueZero is === for them) over, say, the 60
  // search terms of each of a search's thousands of candidates.
  if (typeof wanted !== 'object')
    return Array.isArray(value) ? value.includes(wanted) : value === wanted;
  if (Array.isArray(value)) return value.some((v) => same(v, wanted));
  return same(value, wanted);
}

function same(value: unknown, wanted: Scalar): boolean {
  if (typeof wanted !== 'object') return value === wanted;
  return bsonTypeOf(value) === 'ObjectId' && wanted.equals(value);
}
