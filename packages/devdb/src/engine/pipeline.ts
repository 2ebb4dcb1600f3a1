import { Aggregator, ProcessingMode } from 'mingo';
import type { Doc } from '../bson.js';
import { badValue, toCommandError } from '../errors.js';
import type { Collection } from './collection.js';
import { findDocs } from './query.js';
import { cloneDoc, getPath, isPlainObject, pathValues } from './values.js';

const UNSUPPORTED_STAGES = new Set([
  '$out',
  '$merge',
  '$changeStream',
  '$collStats',
  '$indexStats',
  '$currentOp',
  '$listSessions',
  '$search',
  '$geoNear',
  '$planCacheStats',
]);

export type CollectionLookup = (name: string) => Collection | undefined;

/** A pipeline's leading $match/$sort/$skip/$limit (one indexed query) and what follows it. */
export interface PipelineHead {
  filter: Doc;
  sort: Doc | undefined;
  skip: number;
  /** Infinity: no limit; 0: nothing passes. */
  limit: number;
  rest: Doc[];
  /** Set when `rest` only counts the rows: the count's output field names and group id. */
  count: CountShape | undefined;
}

export interface CountShape {
  /** `$count`'s field, or the `$group`'s fields (all `{ $sum: 1 }`). */
  fields: string[];
  /** The `$group`'s constant `_id` (absent for `$count`). */
  groupId?: unknown;
}

/** Checks the stages, then splits off the part the query planner answers. */
export function pipelineHead(pipeline: Doc[]): PipelineHead {
  for (const stage of pipeline) {
    if (!isPlainObject(stage) || Object.keys(stage).length !== 1) {
      throw badValue('A pipeline stage specification object must contain exactly one field.');
    }
    const op = Object.keys(stage)[0]!;
    if (UNSUPPORTED_STAGES.has(op)) throw badValue(`${op} is not supported by devdb`);
  }
  const matches: Doc[] = [];
  let i = 0;
  while (i < pipeline.length && isPlainObject(pipeline[i]!.$match)) {
    matches.push(pipeline[i]!.$match as Doc);
    i++;
  }
  let sort: Doc | undefined;
  const s = pipeline[i]?.$sort;
  const sortValue = (d: unknown): boolean =>
    d === 1 || d === -1 || (isPlainObject(d) && d.$meta === 'textScore');
  if (isPlainObject(s) && Object.values(s).every(sortValue)) {
    sort = s;
    i++;
  }
  let skip = 0;
  let limit = Infinity;
  for (; i < pipeline.length; i++) {
    const [op, n] = Object.entries(pipeline[i]!)[0]!;
    if (op === '$skip' && typeof n === 'number' && n >= 0) {
      skip += n;
      limit = Math.max(0, limit - n);
    } else if (op === '$limit' && typeof n === 'number' && n > 0) {
      limit = Math.min(limit, n);
    } else break;
  }
  const filter = matches.length === 1 ? matches[0]! : matches.length ? { $and: matches } : {};
  const rest = pipeline.slice(i);
  return { filter, sort, skip, limit, rest, count: countShape(rest) };
}

/** The output of a counting tail (see countShape) for `n` rows. */
export function countOutput(shape: CountShape, n: number): Doc[] {
  if (n === 0) return [];
  if (!('groupId' in shape)) return [{ [shape.fields[0]!]: n }];
  const out: Doc = { _id: shape.groupId };
  for (const name of shape.fields) out[name] = n;
  return [out];
}

/**
 * A final `$count` or `{ $group: { _id: <constant>, n: { $sum: 1 } } }` (what countDocuments
 * sends): answered from the number of rows, without copying them.
 */
function countShape(rest: Doc[]): CountShape | undefined {
  if (rest.length !== 1) return undefined;
  const [op, spec] = Object.entries(rest[0]!)[0]!;
  if (op === '$count' && typeof spec === 'string' && spec && !spec.startsWith('$')) {
    return { fields: [spec] };
  }
  if (op !== '$group' || !isPlainObject(spec)) return undefined;
  const { _id: id, ...fields } = spec;
  const constantId =
    id === null || typeof id === 'number' || (typeof id === 'string' && !id.startsWith('$'));
  const allCounts = Object.values(fields).every(
    (f) => isPlainObject(f) && Object.keys(f).length === 1 && f.$sum === 1,
  );
  if (!constantId || !allCounts) return undefined;
  return { fields: Object.keys(fields), groupId: id };
}

/**
 * Stages checked not to write into their input documents. A segment made only of these
 * can run on the stored documents themselves (mingo mutates in place in $set, $addFields,
 * $unwind with options, $lookup...).
 */
const READ_ONLY_STAGES = new Set([
  '$match',
  '$sort',
  '$skip',
  '$limit',
  '$count',
  '$group',
  '$sortByCount',
  '$bucket',
]);

export function runMingo(docs: Doc[], stages: Doc[], collections: CollectionLookup): Doc[] {
  if (stages.length === 0) return docs;
  const readOnly = stages.every((s) => READ_ONLY_STAGES.has(Object.keys(s)[0]!));
  try {
    const agg = new Aggregator(stages, {
      processingMode: readOnly ? ProcessingMode.CLONE_OFF : ProcessingMode.CLONE_INPUT,
      collectionResolver: (name: string) => {
        const other = collections(name);
        return other ? [...other.docs.values()].map(cloneDoc) : [];
      },
    });
    return agg.run(docs) as Doc[];
  } catch (err) {
    throw toCommandError(err);
  }
}

/**
 * For `{ $lookup: { from, localField, foreignField, as } }` where an index starts with
 * `foreignField` (or it is `_id`): the join per document, through that index, copying only
 * the joined documents (mingo's own $lookup would copy the whole foreign collection).
 */
export function indexedLookup(
  stage: Doc,
  collections: CollectionLookup,
): ((doc: Doc) => Doc) | undefined {
  const spec = stage.$lookup;
  if (!isPlainObject(spec) || spec.pipeline !== undefined || spec.let !== undefined) return;
  const { from, localField, foreignField, as } = spec;
  if (typeof from !== 'string' || typeof localField !== 'string') return;
  if (typeof foreignField !== 'string' || typeof as !== 'string') return;
  const foreign = collections(from);
  const indexed =
    foreignField === '_id' ||
    [...(foreign?.indexes.values() ?? [])].some(
      (i) => i.coversAllDocs && i.fields[0] === foreignField,
    );
  if (foreign && !indexed) return;
  return (doc) => {
    // An empty array joins nothing (as mingo's own $lookup does); missing joins null/missing.
    const local = getPath(doc, localField);
    const values =
      Array.isArray(local) && local.length === 0
        ? []
        : pathValues(doc, localField).map((v) => v ?? null);
    if (values.some((v) => v instanceof RegExp || Array.isArray(v))) {
      throw badValue('$lookup on regex or nested array values is not supported by devdb');
    }
    const matched = findDocs(foreign, { [foreignField]: { $in: values } }).map(cloneDoc);
    const out = { ...doc };
    setField(out, as, matched);
    return out;
  };
}

/** Sets a (dotted) field on a shallow copy, copying the objects along the path. */
function setField(doc: Doc, path: string, value: unknown): void {
  const parts = path.split('.');
  let cur = doc;
  for (const p of parts.slice(0, -1)) {
    const next = isPlainObject(cur[p]) ? { ...cur[p] } : {};
    cur[p] = next;
    cur = next;
  }
  cur[parts[parts.length - 1]!] = value;
}
