import type { Doc } from '../bson.js';
import { PAUSE, type Pausing, type Slice } from './pausing.js';
import { sortSteps } from './sort-steps.js';
import { countOutput, indexedLookup, runMingo, type CollectionLookup } from './pipeline.js';
import { compareSortKeys, parseSort, sortKeyOf } from './query.js';
import { compareValues, isPlainObject, keyOf } from './values.js';

/** Stages that change each document on its own (nothing carried across documents). */
const PER_DOCUMENT = new Set([
  '$match',
  '$project',
  '$addFields',
  '$set',
  '$unset',
  '$replaceRoot',
  '$replaceWith',
  '$unwind',
]);
/** Documents handed to mingo at once between checks of the time slice. */
const CHUNK = 256;
const GROUP_CHUNK = 1024;

const opOf = (stage: Doc): string => Object.keys(stage)[0]!;

/**
 * The stages after a pipeline's leading query, pausing between pieces of work so that a
 * pipeline over many rows does not hold the server: per-document stages and an indexed
 * $lookup run over chunks, $sort is a pausing merge sort (BSON order, as find sorts), $group
 * with decomposable accumulators groups each chunk and merges the partial groups, $count,
 * $skip and $limit are counts and slices. Other stages ($facet, $bucket, an unindexed
 * $lookup, $group with other accumulators...) run in mingo in one go.
 */
export function* finishPipelinePausing(
  input: Doc[],
  rest: Doc[],
  collections: CollectionLookup,
  slice: Slice,
): Pausing<Doc[]> {
  let docs = input;
  for (let i = 0; i < rest.length;) {
    const stage = rest[i]!;
    const lookup = indexedLookup(stage, collections);
    if (lookup) {
      docs = yield* chunked(docs, CHUNK, slice, (chunk) => chunk.map(lookup));
      i++;
      continue;
    }
    if (PER_DOCUMENT.has(opOf(stage))) {
      let j = i;
      while (j < rest.length && PER_DOCUMENT.has(opOf(rest[j]!))) j++;
      const segment = rest.slice(i, j);
      docs = yield* chunked(docs, CHUNK, slice, (chunk) => runMingo(chunk, segment, collections));
      i = j;
      continue;
    }
    docs = yield* oneStage(docs, stage, collections, slice);
    i++;
  }
  return docs;
}

function* oneStage(
  docs: Doc[],
  stage: Doc,
  collections: CollectionLookup,
  slice: Slice,
): Pausing<Doc[]> {
  const op = opOf(stage);
  const arg = stage[op];
  const count = typeof arg === 'number' && Number.isInteger(arg);
  if (op === '$skip' && count && arg >= 0) return docs.slice(arg);
  if (op === '$limit' && count && arg > 0) return docs.slice(0, arg);
  if (
    op === '$count' &&
    typeof arg === 'string' &&
    arg &&
    !arg.startsWith('$') &&
    !arg.includes('.')
  )
    return countOutput({ fields: [arg] }, docs.length);
  if (op === '$sort' && isPlainObject(arg) && Object.keys(arg).length > 0) {
    if (Object.values(arg).every((d) => d === 1 || d === -1))
      return yield* sorted(docs, arg, slice);
  }
  if (op === '$group' && isPlainObject(arg)) {
    const plan = groupPlan(arg);
    if (plan) return yield* grouped(docs, plan, collections, slice);
  }
  if (op === '$sortByCount' && (typeof arg === 'string' || isPlainObject(arg))) {
    const plan = groupPlan({ _id: arg, count: { $sum: 1 } })!;
    const groups = yield* grouped(docs, plan, collections, slice);
    return yield* sorted(groups, { count: -1 }, slice);
  }
  return runMingo(docs, [stage], collections);
}

/** `f` over `docs` a chunk at a time, pausing between chunks when the slice is used up. */
function* chunked(
  docs: Doc[],
  size: number,
  slice: Slice,
  f: (chunk: Doc[]) => Doc[],
): Pausing<Doc[]> {
  if (docs.length <= size) return f(docs);
  const out: Doc[] = [];
  for (let i = 0; i < docs.length; i += size) {
    for (const d of f(docs.slice(i, i + size))) out.push(d);
    if (slice.over) yield PAUSE;
  }
  return out;
}

/** A stable sort by `spec`, each document's sort key computed once. */
function* sorted(docs: Doc[], spec: Doc, slice: Slice): Pausing<Doc[]> {
  const keys = parseSort(spec)!;
  const sortKey = sortKeyOf(keys);
  const compare = compareSortKeys(keys);
  const rows: { doc: Doc; key: unknown[] }[] = [];
  for (const doc of docs) {
    rows.push({ doc, key: sortKey(doc) });
    if (rows.length % CHUNK === 0 && slice.over) yield PAUSE;
  }
  for (const _ of sortSteps(rows, (a, b) => compare(a.key, b.key))) {
    if (slice.over) yield PAUSE;
  }
  return rows.map((r) => r.doc);
}

/** How one output field of a $group is merged from the chunks' partial groups. */
interface Merge {
  field: string;
  /** Partial fields this one reads (their names in the chunk-level $group). */
  parts: string[];
  start(values: unknown[]): unknown;
  add(acc: unknown, values: unknown[]): unknown;
  end(acc: unknown): unknown;
}

interface GroupPlan {
  /** The $group run on each chunk. */
  partial: Doc;
  merges: Merge[];
}

const isNum = (v: unknown): v is number => typeof v === 'number';
const present = (v: unknown): boolean => v !== null && v !== undefined;
const pick = (dir: number) => (a: unknown, b: unknown) =>
  !present(a) ? b : !present(b) ? a : compareValues(b, a) * dir < 0 ? b : a;

/** Whether each accumulator of `spec` can be merged from partial groups, and how. */
function groupPlan(spec: Doc): GroupPlan | undefined {
  if (!('_id' in spec)) return undefined;
  const partial: Doc = { _id: spec._id };
  const merges: Merge[] = [];
  for (const [field, acc] of Object.entries(spec)) {
    if (field === '_id') continue;
    if (!isPlainObject(acc) || Object.keys(acc).length !== 1) return undefined;
    const [op, expr] = Object.entries(acc)[0]!;
    const name = `__devdb_${merges.length}`;
    const one = (
      start: (v: unknown) => unknown,
      add: (a: unknown, v: unknown) => unknown,
    ): Merge => ({
      field,
      parts: [name],
      start: (vs) => start(vs[0]),
      add: (a, vs) => add(a, vs[0]),
      end: (a) => a,
    });
    switch (op) {
      case '$sum':
      case '$count':
        partial[name] = { $sum: op === '$count' ? 1 : expr };
        merges.push(
          one(
            (v) => v,
            (a, v) => (isNum(a) && isNum(v) ? a + v : a),
          ),
        );
        break;
      case '$min':
      case '$max':
        partial[name] = { [op]: expr };
        merges.push(one((v) => v, pick(op === '$min' ? 1 : -1)));
        break;
      case '$first':
      case '$last':
        partial[name] = { [op]: expr };
        merges.push(one((v) => v, op === '$first' ? (a) => a : (_a, v) => v));
        break;
      case '$push':
        partial[name] = { $push: expr };
        merges.push(
          one(
            (v) => [...(v as unknown[])],
            (a, v) => {
              for (const x of v as unknown[]) (a as unknown[]).push(x);
              return a;
            },
          ),
        );
        break;
      case '$addToSet': {
        partial[name] = { $addToSet: expr };
        const union = (set: Map<string, unknown>, v: unknown): Map<string, unknown> => {
          for (const x of v as unknown[]) if (!set.has(keyOf(x))) set.set(keyOf(x), x);
          return set;
        };
        merges.push({
          field,
          parts: [name],
          start: (vs) => union(new Map(), vs[0]),
          add: (a, vs) => union(a as Map<string, unknown>, vs[0]),
          end: (a) => [...(a as Map<string, unknown>).values()],
        });
        break;
      }
      case '$avg': {
        // The mean of the numbers: their sum and how many there were, merged, then divided.
        const n = `${name}n`;
        partial[name] = { $sum: expr };
        partial[n] = { $sum: { $cond: [{ $isNumber: expr }, 1, 0] } };
        merges.push({
          field,
          parts: [name, n],
          start: (vs) => [vs[0], vs[1]],
          add: (a, vs) => {
            const [s, c] = a as [number, number];
            return [s + (vs[0] as number), c + (vs[1] as number)];
          },
          end: (a) => {
            const [s, c] = a as [number, number];
            return c === 0 ? null : s / c;
          },
        });
        break;
      }
      default:
        return undefined;
    }
  }
  return { partial, merges };
}

/** Groups each chunk in mingo, then merges the partial groups (first-seen order of keys). */
function* grouped(
  docs: Doc[],
  plan: GroupPlan,
  collections: CollectionLookup,
  slice: Slice,
): Pausing<Doc[]> {
  const groups = new Map<string, { id: unknown; accs: unknown[] }>();
  const stage = [{ $group: plan.partial }];
  yield* chunked(docs, GROUP_CHUNK, slice, (chunk) => {
    for (const part of runMingo(chunk, stage, collections)) {
      const key = keyOf(part._id);
      const values = (m: Merge): unknown[] => m.parts.map((p) => part[p]);
      const group = groups.get(key);
      if (!group) {
        groups.set(key, { id: part._id, accs: plan.merges.map((m) => m.start(values(m))) });
        continue;
      }
      plan.merges.forEach((m, i) => (group.accs[i] = m.add(group.accs[i], values(m))));
    }
    return [];
  });
  const out: Doc[] = [];
  for (const { id, accs } of groups.values()) {
    const doc: Doc = { _id: id };
    plan.merges.forEach((m, i) => (doc[m.field] = m.end(accs[i])));
    out.push(doc);
  }
  return out;
}
