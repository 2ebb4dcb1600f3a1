import type { Doc } from '../bson.js';
import { isPlainObject } from '../engine/values.js';
import type { Index } from './index.js';
import {
  FULL_RANGE,
  filterBounds,
  intersect,
  inRange,
  isEmptyRange,
  pointRange,
  type FieldConstraint,
  type FieldRange,
  type Interval,
} from './bounds.js';

export interface SortKey {
  field: string;
  dir: number;
  /** `{ $meta: 'textScore' }`: the document's textScore, highest first. */
  meta?: 'textScore';
}

/** How a query reads its documents. */
export type Plan = { kind: 'collscan' } | IndexPlan | OrPlan;

/**
 * A top-level `$or` whose every branch has an index: one walk per branch, documents that
 * match several branches returned once; merged in sort order when every walk is sorted.
 */
export interface OrPlan {
  kind: 'or';
  branches: IndexPlan[];
  sorted: boolean;
}

export type IndexPlan = {
  kind: 'ixscan';
  index: Index;
  /** Disjoint stretches of the index, in walk order. */
  intervals: Interval[];
  backward: boolean;
  /** When the walk yields documents in the requested order: for each sort key, its index field. */
  sortPositions: number[] | undefined;
  /** The bounds say everything the filter says: keys alone decide a match. */
  exact: boolean;
};

/** More ($in combinations) than this and the index is used for fewer of its fields. */
const MAX_INTERVALS = 1000;

/** An index the query could walk: the plan without its intervals, made for the winner only. */
interface Candidate {
  plan: Omit<IndexPlan, 'intervals'>;
  /** Per index field, the ranges its walk takes (intervals: their product). */
  ranges: FieldRange[][];
  bounded: number;
  order: number;
}

/**
 * Picks how to answer `filter` (+ `sort`): an index whose leading fields are pinned by
 * equalities / `$in` and whose next field takes a range, and/or that yields the sort (walked
 * backwards for the reverse). Preference, deterministic: an index that bounds something,
 * then one that supplies the sort, then more bounded fields, then fewer fields, then the
 * older index (`_id` first). Sparse and partial indexes are never used: they may miss
 * documents the query must see.
 */
export function planQuery(indexes: Index[], filter: Doc, sort: SortKey[] | undefined): Plan {
  const bounds = filterBounds(filter);
  let best: Candidate | undefined;
  indexes.forEach((index, order) => {
    if (!index.coversAllDocs) return;
    // Cheap rejection (collections have many indexes): an index helps only when the filter
    // constrains its first field or the sort starts with it.
    const first = index.fields[0]!;
    if (!bounds.fields.has(first) && sort?.[0]?.field !== first) return;
    const c = candidate(index, bounds.fields, bounds.exact, sort, order);
    if (!c) return;
    if (!best || better(c, best)) best = c;
  });
  return best ? withIntervals(best) : (orPlan(indexes, filter, sort) ?? { kind: 'collscan' });
}

/**
 * The winner's intervals (issue 17: only the winner's; a `$in` of a page's ids makes one per
 * id, and every index it could use would make them again).
 */
function withIntervals({ plan, ranges }: Candidate): IndexPlan {
  // An interval is empty when one of its ranges is: those are left out before they multiply.
  const intervals = product(ranges.map((options) => options.filter((r) => !isEmptyRange(r))));
  return { ...plan, intervals: plan.backward ? intervals.reverse() : intervals };
}

/** `{ $or: [...], ...rest }`: each branch (with the rest) planned alone, if all can use an index. */
function orPlan(indexes: Index[], filter: Doc, sort: SortKey[] | undefined): OrPlan | undefined {
  const { $or: branches, ...rest } = filter;
  if (!Array.isArray(branches) || branches.length === 0) return undefined;
  const plans: IndexPlan[] = [];
  for (const branch of branches) {
    if (!isPlainObject(branch) || '$or' in branch) return undefined;
    const plan = planQuery(indexes, { $and: [rest, branch] }, sort);
    if (plan.kind !== 'ixscan' || !plan.intervals.length) {
      if (plan.kind === 'ixscan') continue;
      return undefined;
    }
    // A branch that bounds nothing would walk a whole index: a collection scan is cheaper.
    if (plan.intervals.every((iv) => iv.every((r) => r === FULL_RANGE))) return undefined;
    plans.push(plan);
  }
  if (plans.length === 0) return undefined;
  return { kind: 'or', branches: plans, sorted: !!sort && plans.every((p) => p.sortPositions) };
}

function better(a: Candidate, b: Candidate): boolean {
  const keys = (c: Candidate): number[] => [
    c.bounded > 0 ? 1 : 0,
    c.plan.sortPositions ? 1 : 0,
    c.bounded,
    -c.plan.index.fields.length,
    -c.order,
  ];
  const ka = keys(a);
  const kb = keys(b);
  for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i]! > kb[i]!;
  return false;
}

/** A constraint's points as ranges, made once for all the candidate indexes that use them. */
function pointRangesOf(c: FieldConstraint): FieldRange[] {
  c.pointRanges ??= c.points!.map(pointRange);
  return c.pointRanges;
}

function candidate(
  index: Index,
  constraints: Map<string, FieldConstraint[]>,
  filterExact: boolean,
  sort: SortKey[] | undefined,
  order: number,
): Candidate | undefined {
  // On a multikey index, two clauses on one field may be met by different array elements:
  // only the first clause bounds the walk (the filter checks the rest).
  let exact = filterExact && !index.multikey;
  const perField: (FieldConstraint | undefined)[] = index.fields.map((f) => {
    const list = constraints.get(f);
    if (!list) return undefined;
    if (list.length === 1) return list[0];
    if (index.multikey) return list[0];
    return list.reduce(merge);
  });
  // Fields with a constraint but not used as bounds leave work to the filter.
  const usedFields = new Set<string>();
  const ranges: FieldRange[][] = [];
  let combos = 1;
  let bounded = 0;
  for (let i = 0; i < index.fields.length; i++) {
    const c = perField[i];
    if (c?.points && combos * Math.max(1, c.points.length) <= MAX_INTERVALS) {
      ranges.push(pointRangesOf(c));
      combos *= Math.max(1, c.points.length);
      usedFields.add(index.fields[i]!);
      bounded++;
      continue;
    }
    if (c?.range) {
      ranges.push([c.range]);
      usedFields.add(index.fields[i]!);
      bounded++;
    }
    break;
  }
  for (let i = ranges.length; i < index.fields.length; i++) ranges.push([FULL_RANGE]);
  for (const field of constraints.keys()) if (!usedFields.has(field)) exact = false;

  const supplied = sort && sort.length ? sortSupport(index, perField, bounded, sort) : undefined;
  if (bounded === 0 && !supplied) return undefined;
  return {
    plan: {
      kind: 'ixscan',
      index,
      backward: supplied?.backward ?? false,
      sortPositions: supplied?.positions,
      exact,
    },
    ranges,
    bounded,
    order,
  };
}

/** Two clauses on one field (of a non-multikey index): both must hold. */
function merge(a: FieldConstraint, b: FieldConstraint): FieldConstraint {
  if (a.points && b.points) {
    return { points: a.points.filter((p) => b.points!.some((q) => inRange(p, pointRange(q)))) };
  }
  if (a.points) return { points: a.points.filter((p) => inRange(p, b.range!)) };
  if (b.points) return { points: b.points.filter((p) => inRange(p, a.range!)) };
  return { range: intersect(a.range!, b.range!) };
}

/**
 * Whether walking `index` yields the sort: skipping fields pinned by equality, the sort keys
 * must follow the index fields in order, all in the index's directions or all reversed.
 * Several `$in` values make several runs, each in order; the executor merges them.
 */
function sortSupport(
  index: Index,
  perField: (FieldConstraint | undefined)[],
  pinned: number,
  sort: SortKey[],
): { backward: boolean; positions: number[] } | undefined {
  // A multikey field orders nothing (a document has keys all over it): it may precede the
  // sort fields only pinned to one value, and may not be one of them.
  const multi = index.multikeyFields;
  const positions: number[] = [];
  let relation = 0;
  let s = 0;
  for (let i = 0; i < index.fields.length && s < sort.length; i++) {
    const key = sort[s]!;
    if (key.field === index.fields[i]) {
      if (multi[i]) return undefined;
      const rel = key.dir * index.dirs[i]!;
      if (relation !== 0 && rel !== relation) return undefined;
      relation = rel;
      positions.push(i);
      s++;
      continue;
    }
    // A field pinned by equality adds nothing to the order; anything else breaks it.
    const points = i < pinned ? perField[i]?.points : undefined;
    if (points && !(multi[i] && points.length > 1)) continue;
    return undefined;
  }
  // Sort keys left over may still be pinned by a single equality (they order nothing).
  for (; s < sort.length; s++) {
    const i = index.fields.indexOf(sort[s]!.field);
    const points = i >= 0 && i < pinned ? perField[i]?.points : undefined;
    if (!points || points.length > 1 || multi[i]) return undefined;
    positions.push(i);
  }
  return { backward: relation === -1, positions };
}

function product(ranges: FieldRange[][]): Interval[] {
  // Each interval made once at its length (interval k picks, per field, digit k in mixed radix,
  // the last field fastest): a page's `$in` of a few hundred ids makes as many.
  const n = ranges.length;
  let count = 1;
  for (const options of ranges) count *= options.length;
  const out: Interval[] = [];
  for (let k = 0; k < count; k++) {
    const interval: Interval = new Array<FieldRange>(n);
    let rest = k;
    for (let f = n - 1; f >= 0; f--) {
      const options = ranges[f]!;
      interval[f] = options[rest % options.length]!;
      rest = Math.floor(rest / options.length);
    }
    out.push(interval);
  }
  return out;
}
