import type { Doc } from '../bson.js';
import { bsonTypeOf, compareValues, isPlainObject, typeRank } from '../engine/values.js';

/**
 * The lowest (side -1) or highest (side 1) point of one BSON type's values, so that a range
 * like `$gt: 5` stays inside numbers as MongoDB's type-bracketed index bounds do.
 */
export class Edge {
  constructor(
    readonly rank: number,
    readonly side: -1 | 1,
  ) {}
}

export const MIN_EDGE = new Edge(0, -1);
export const MAX_EDGE = new Edge(99, 1);

/** BSON order extended with type edges. */
export function compareBound(a: unknown, b: unknown): number {
  // Fast paths for the key types lists use most (every tree step compares).
  const ta = typeof a;
  if (ta === typeof b) {
    if (ta === 'string') return a! < b! ? -1 : a! > b! ? 1 : 0;
    if (ta === 'number' && a === a && b === b) return a! < b! ? -1 : a! > b! ? 1 : 0;
    if (ta === 'boolean') return a === b ? 0 : a ? 1 : -1;
  }
  if (a instanceof Date && b instanceof Date) {
    const x = a.getTime();
    const y = b.getTime();
    return x < y ? -1 : x > y ? 1 : 0;
  }
  const ea = a instanceof Edge;
  const eb = b instanceof Edge;
  if (!ea && !eb) return compareValues(a, b);
  const ra = ea ? a.rank : typeRank(a);
  const rb = eb ? b.rank : typeRank(b);
  if (ra !== rb) return ra - rb;
  return (ea ? a.side : 0) - (eb ? b.side : 0);
}

/** Values one index field may take, in value order (lo <= hi). */
export interface FieldRange {
  lo: unknown;
  hi: unknown;
  loIn: boolean;
  hiIn: boolean;
}

/** One contiguous stretch of a compound index: a range per field, in key pattern order. */
export type Interval = FieldRange[];

export const FULL_RANGE: FieldRange = { lo: MIN_EDGE, hi: MAX_EDGE, loIn: true, hiIn: true };

export const pointRange = (v: unknown): FieldRange => ({ lo: v, hi: v, loIn: true, hiIn: true });

/** What a filter says about one field that an index can use. */
export interface FieldConstraint {
  /** Equality / `$in`: the allowed values, sorted and without duplicates. */
  points?: unknown[];
  /** `points` as ranges, once a candidate index asked (the planner's cache). */
  pointRanges?: FieldRange[];
  range?: FieldRange;
}

export interface FilterBounds {
  /** Constraints per field, in the order the filter states them (one entry per clause). */
  fields: Map<string, FieldConstraint[]>;
  /** Whether the constraints say everything the filter says (no other clause or operator). */
  exact: boolean;
}

const RANGE_OPS = new Set(['$gt', '$gte', '$lt', '$lte']);

/** A value an index bound can hold exactly (no regex, array, or undefined). */
function boundable(v: unknown): boolean {
  if (v === undefined || Array.isArray(v) || v instanceof RegExp) return false;
  const t = bsonTypeOf(v);
  return t !== 'BSONRegExp' && t !== 'MinKey' && t !== 'MaxKey';
}

function sortedUnique(values: unknown[]): unknown[] {
  const sorted = [...values].sort(compareValues);
  return sorted.filter((v, i) => i === 0 || compareValues(sorted[i - 1], v) !== 0);
}

/**
 * The index-usable constraints of a filter: top-level fields (also inside a top-level
 * `$and`) compared by equality, `$in` or `$gt/$gte/$lt/$lte`. Anything else makes the
 * bounds inexact: the fetched documents are still tested against the whole filter.
 */
export function filterBounds(filter: Doc): FilterBounds {
  const fields = new Map<string, FieldConstraint[]>();
  let exact = true;
  const add = (field: string, c: FieldConstraint): void => {
    const list = fields.get(field);
    if (list) list.push(c);
    else fields.set(field, [c]);
  };
  const visit = (f: Doc): void => {
    for (const [k, v] of Object.entries(f)) {
      if (k === '$and' && Array.isArray(v)) {
        for (const sub of v) {
          if (isPlainObject(sub)) visit(sub);
          else exact = false;
        }
        continue;
      }
      if (k === '$comment') continue;
      if (k.startsWith('$')) {
        exact = false;
        continue;
      }
      const c = fieldConstraint(v);
      if (!c.exact) exact = false;
      if (c.constraint) add(k, c.constraint);
    }
  };
  visit(filter);
  return { fields, exact };
}

function fieldConstraint(v: unknown): { constraint?: FieldConstraint; exact: boolean } {
  const isOperator = isPlainObject(v) && Object.keys(v).some((k) => k.startsWith('$'));
  if (!isOperator)
    return boundable(v) ? { constraint: { points: [v] }, exact: true } : { exact: false };
  let exact = true;
  let points: unknown[] | undefined;
  let range: FieldRange | undefined;
  for (const [op, arg] of Object.entries(v)) {
    if (op === '$eq' && boundable(arg) && !points) {
      points = [arg];
    } else if (op === '$in' && Array.isArray(arg) && arg.every(boundable) && !points) {
      points = sortedUnique(arg);
    } else if (RANGE_OPS.has(op) && boundable(arg) && arg !== null) {
      range = intersect(range ?? FULL_RANGE, opRange(op, arg));
    } else {
      exact = false;
    }
  }
  if (points && range) {
    const r = range;
    points = points.filter((p) => inRange(p, r));
    range = undefined;
  }
  if (!points && !range) return { exact: false };
  return { constraint: points ? { points } : { range: range! }, exact };
}

/** `$gt: v` and friends as a range bracketed to v's type. */
function opRange(op: string, v: unknown): FieldRange {
  const rank = typeRank(v);
  switch (op) {
    case '$gt':
      return { lo: v, loIn: false, hi: new Edge(rank, 1), hiIn: true };
    case '$gte':
      return { lo: v, loIn: true, hi: new Edge(rank, 1), hiIn: true };
    case '$lt':
      return { lo: new Edge(rank, -1), loIn: true, hi: v, hiIn: false };
    default:
      return { lo: new Edge(rank, -1), loIn: true, hi: v, hiIn: true };
  }
}

export function intersect(a: FieldRange, b: FieldRange): FieldRange {
  const lc = compareBound(a.lo, b.lo);
  const hc = compareBound(a.hi, b.hi);
  return {
    lo: lc >= 0 ? a.lo : b.lo,
    loIn: lc > 0 ? a.loIn : lc < 0 ? b.loIn : a.loIn && b.loIn,
    hi: hc <= 0 ? a.hi : b.hi,
    hiIn: hc < 0 ? a.hiIn : hc > 0 ? b.hiIn : a.hiIn && b.hiIn,
  };
}

export function inRange(v: unknown, r: FieldRange): boolean {
  const lo = compareBound(v, r.lo);
  const hi = compareBound(v, r.hi);
  return (lo > 0 || (lo === 0 && r.loIn)) && (hi < 0 || (hi === 0 && r.hiIn));
}

export function isEmptyRange(r: FieldRange): boolean {
  const c = compareBound(r.lo, r.hi);
  return c > 0 || (c === 0 && !(r.loIn && r.hiIn));
}
