import { fastFilter } from './fast-filter.js';
import { makeQuery } from './mingo.js';
import type { Doc } from '../bson.js';
import { badValue, toCommandError } from '../errors.js';
import type { SortKey } from '../indexes/planner.js';
import type { Collection } from './collection.js';
import { queryPausing, runQuery, type QuerySpec } from './executor.js';
import type { Pausing, Slice } from './pausing.js';
import { compareValues, isPlainObject, keyOf, pathValues } from './values.js';
import { TextIndex } from '../indexes/text-index.js';
import { matchesSearch } from '../text/matcher.js';
import { parseSearch } from '@forum/search-text';
import { textFilterOf, type TextFilter } from './text-filter.js';

export type Matcher = (doc: Doc) => boolean;
export type { TextFilter };

/** Compiles a query filter with mingo; unknown operators become BadValue errors up front. */
export function compileFilter(filter: unknown): Matcher {
  if (filter === undefined || filter === null) return () => true;
  if (!isPlainObject(filter)) throw badValue('filter must be an object');
  if (Object.keys(filter).length === 0) return () => true;
  const fast = fastFilter(filter);
  if (fast) return fast;
  try {
    const q = makeQuery(filter);
    return (doc) => q.test(doc);
  } catch (err) {
    throw toCommandError(err);
  }
}

/** Validated sort keys of a sort spec (undefined when empty or `$natural`). */
export function parseSort(sort: unknown): SortKey[] | undefined {
  if (!isPlainObject(sort) || Object.keys(sort).length === 0) return undefined;
  if (sort.$natural !== undefined) return undefined;
  return Object.entries(sort).map(([field, dir]): SortKey => {
    if (isPlainObject(dir)) {
      if (dir.$meta === 'textScore' && Object.keys(dir).length === 1) {
        return { field, dir: -1, meta: 'textScore' };
      }
      throw badValue(`Illegal key in $meta sort specification: '${field}'`);
    }
    const n = Number(dir);
    if (n !== 1 && n !== -1) throw badValue(`bad sort specification for '${field}'`);
    return { field, dir: n };
  });
}

/** The values a document sorts by: per sort field, an array's min (asc) or max (desc) element. */
export function sortKeyOf(keys: SortKey[]): (doc: Doc, score?: number) => unknown[] {
  return (doc, score) =>
    keys.map(({ field, dir, meta }) => {
      if (meta) return score;
      const vals = pathValues(doc, field);
      if (vals.length === 1) return vals[0];
      let best = vals[0];
      for (const v of vals) if (compareValues(v, best) * dir < 0) best = v;
      return best;
    });
}

export function compareSortKeys(keys: SortKey[]): (a: unknown[], b: unknown[]) => number {
  return (a, b) => {
    for (let i = 0; i < keys.length; i++) {
      const c = compareValues(a[i], b[i]);
      if (c !== 0) return c * keys[i]!.dir;
    }
    return 0;
  };
}

export interface FindOptions {
  sort?: unknown;
  skip?: number;
  limit?: number;
  /** Count the matches (after skip/limit) instead of returning them. */
  count?: boolean;
}

/** Validates a query and states it for the executor. */
export function querySpec(input: unknown, opts: FindOptions = {}): QuerySpec {
  const { text, rest: filter } = textFilterOf(input);
  const match = compileFilter(filter);
  // { $natural: 1 | -1 } is insertion order (documents are kept in a Map in that order).
  const asked = isPlainObject(opts.sort) ? Number(opts.sort.$natural ?? 0) : 0;
  const natural = asked === -1 ? -1 : asked === 1 ? 1 : 0;
  const sort = parseSort(opts.sort);
  if (!text && sort?.some((k) => k.meta)) {
    throw badValue('query requires text score metadata, but it is not available');
  }
  return {
    filter: isPlainObject(filter) ? filter : {},
    match,
    sort,
    sortKey: sort && sortKeyOf(sort),
    compareKeys: sort ? compareSortKeys(sort) : () => 0,
    natural,
    skip: Math.max(0, opts.skip ?? 0),
    limit: opts.limit && opts.limit > 0 ? opts.limit : Infinity,
    count: opts.count ?? false,
    text,
  };
}

/**
 * Matching documents (shared references, never mutate) in sort order after skip/limit,
 * without pausing: what writes use, since they must run atomically.
 */
export function findDocs(
  coll: Collection | undefined,
  filter: unknown,
  opts: FindOptions = {},
): Doc[] {
  const spec = querySpec(filter, opts);
  if (!coll) return [];
  return runQuery(coll, spec).docs;
}

/**
 * findDocs as a step of a write that pauses: `paused` says whether the read let other
 * commands in, after which each document found must be looked up again (see currentMatch).
 */
export function* findPausing(
  coll: Collection,
  filter: unknown,
  opts: FindOptions,
  slice: Slice,
): Pausing<{ docs: Doc[]; spec: QuerySpec; paused: boolean }> {
  const spec = querySpec(filter, opts);
  const r = yield* queryPausing(coll, spec, slice);
  return { docs: r.docs, spec, paused: r.stats.yields > 0 };
}

/**
 * The stored version of `found` if it still matches, as MongoDB re-checks a document that
 * changed while its write yielded: undefined when it was deleted or no longer matches.
 */
export function currentMatch(coll: Collection, found: Doc, spec: QuerySpec): Doc | undefined {
  const current = coll.docs.get(keyOf(found._id));
  if (current === found) return found;
  return current && spec.match(current) && matchesText(coll, spec, current) ? current : undefined;
}

/** Whether `doc` matches the query's `$text`, checked on the document alone (true: none). */
function matchesText(coll: Collection, spec: QuerySpec, doc: Doc): boolean {
  if (!spec.text) return true;
  const index = [...coll.indexes.values()].find((i) => i instanceof TextIndex);
  if (!index) return false;
  const search = parseSearch(spec.text.search, spec.text.language ?? index.text.language);
  return matchesSearch(index.text, search, doc);
}

/**
 * Applies a find projection (including `$slice`, `$elemMatch` and positional `.$`, and
 * `{ $meta: 'textScore' }` from `scores`, each returned document's textScore).
 */
export function project(
  docs: Doc[],
  projection: unknown,
  filter: unknown,
  scores?: Map<Doc, number>,
): Doc[] {
  if (!isPlainObject(projection) || Object.keys(projection).length === 0) return docs;
  const entries = Object.entries(projection);
  const metas = entries.filter(([, v]) => isPlainObject(v) && '$meta' in v);
  if (metas.length === 0) return projectFields(docs, projection, filter);
  for (const [field, v] of metas) {
    if ((v as Doc).$meta !== 'textScore' || Object.keys(v as Doc).length !== 1) {
      throw badValue(`unsupported $meta projection for '${field}' (devdb implements textScore)`);
    }
  }
  if (!scores) throw badValue('query requires text score metadata, but it is not available');
  // The other fields first, then the scores, which MongoDB appends.
  const others = Object.fromEntries(entries.filter(([, v]) => !metas.some(([, m]) => m === v)));
  const base = Object.keys(others).length ? projectFields(docs, others, filter) : docs;
  return base.map((d, i) => {
    const out = { ...d };
    for (const [field] of metas) out[field] = scores.get(docs[i]!);
    return out;
  });
}

function projectFields(docs: Doc[], projection: Doc, filter: unknown): Doc[] {
  const plain = topLevelProjection(projection);
  if (plain) return docs.map(plain);
  try {
    const q = makeQuery(isPlainObject(filter) ? filter : {});
    // mingo emits _id last; MongoDB keeps it first.
    return q
      .find<Doc>(docs, projection)
      .all()
      .map((d) => {
        if (d._id === undefined || Object.keys(d)[0] === '_id') return d;
        const { _id, ...rest } = d;
        return { _id, ...rest };
      });
  } catch (err) {
    throw toCommandError(err);
  }
}

const whole = (doc: Doc): Doc => doc;

/**
 * What a projection that keeps a subset of top-level fields (or none: the whole document) does
 * to one document, each result at most as large as the stored document (a find encodes and
 * keeps it, wire/encoded-docs.ts); undefined for any other projection (operators, expressions
 * and `$meta` may add to a document).
 */
export function narrowProjection(projection: unknown): ((doc: Doc) => Doc) | undefined {
  if (!isPlainObject(projection) || Object.keys(projection).length === 0) return whole;
  return topLevelProjection(projection);
}

/**
 * The common projection, top-level fields only (`{ post_id: 1, vote_type: 1 }`, `{ body: 0 }`),
 * applied without mingo: compiling a mingo query per command cost more than the read itself.
 * Fields keep the document's order, as MongoDB keeps them. Anything else (dotted paths,
 * operators, expressions, a mix of inclusion and exclusion): undefined, mingo's job.
 */
function topLevelProjection(projection: Doc): ((doc: Doc) => Doc) | undefined {
  let include: boolean | undefined;
  let keepId = true;
  const fields = new Set<string>();
  for (const [field, value] of Object.entries(projection)) {
    if (field.includes('.') || field.startsWith('$')) return undefined;
    if (typeof value !== 'number' && typeof value !== 'boolean') return undefined;
    const on = value !== 0 && value !== false;
    if (field === '_id') {
      keepId = on;
      continue;
    }
    if (include !== undefined && include !== on) return undefined;
    include = on;
    fields.add(field);
  }
  if (include === undefined) {
    // Only `_id`: `{ _id: 1 }` keeps just it, `{ _id: 0 }` everything else.
    include = keepId;
  }
  if (include) {
    return (doc) => {
      const out: Doc = {};
      if (keepId && doc._id !== undefined) out._id = doc._id;
      for (const key of Object.keys(doc)) if (fields.has(key)) out[key] = doc[key];
      return out;
    };
  }
  return (doc) => {
    const out: Doc = {};
    for (const key of Object.keys(doc)) {
      if (key === '_id' ? !keepId : fields.has(key)) continue;
      out[key] = doc[key];
    }
    return out;
  };
}
