import { Aggregator, ProcessingMode } from 'mingo';
import type { Doc } from '../bson.js';
import { badValue, toCommandError } from '../errors.js';
import type { Collection } from './collection.js';
import { compileFilter, compileSort, findDocs } from './query.js';
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

/**
 * Runs an aggregation pipeline over `coll`. A leading $match is answered through the
 * indexes; an equality $lookup on an indexed foreign field (or _id) is done here so only
 * the joined documents are copied; all other stages run in mingo, which may write into
 * its input, so documents are cloned as they enter each mingo segment.
 */
export function runPipeline(
  coll: Collection | undefined,
  pipeline: Doc[],
  collections: CollectionLookup,
): Doc[] {
  for (const stage of pipeline) {
    if (!isPlainObject(stage) || Object.keys(stage).length !== 1) {
      throw badValue('A pipeline stage specification object must contain exactly one field.');
    }
    const op = Object.keys(stage)[0]!;
    if (UNSUPPORTED_STAGES.has(op)) throw badValue(`${op} is not supported by devdb`);
  }
  let rest = pipeline;
  let docs: Doc[];
  const first = pipeline[0];
  if (first && isPlainObject(first.$match)) {
    docs = findDocs(coll, first.$match);
    rest = pipeline.slice(1);
  } else {
    docs = coll ? [...coll.docs.values()] : [];
  }
  // $match/$sort/$skip/$limit at the head only select documents: run them here, uncloned.
  let i = 0;
  for (; i < rest.length; i++) {
    const selected = selectStage(docs, rest[i]!);
    if (!selected) break;
    docs = selected;
  }
  rest = rest.slice(i);
  const counted = countStage(docs, rest);
  if (counted) return counted;
  let segment: Doc[] = [];
  for (const stage of rest) {
    const lookup = indexedLookup(stage, collections);
    if (!lookup) {
      segment.push(stage);
      continue;
    }
    docs = runMingo(docs, segment, collections);
    segment = [];
    docs = docs.map(lookup);
  }
  return runMingo(docs, segment, collections);
}

function selectStage(docs: Doc[], stage: Doc): Doc[] | undefined {
  const [op, spec] = Object.entries(stage)[0]!;
  switch (op) {
    case '$match': {
      if (!isPlainObject(spec)) return undefined;
      const match = compileFilter(spec);
      try {
        return docs.filter(match);
      } catch (err) {
        throw toCommandError(err);
      }
    }
    case '$sort': {
      const sort =
        isPlainObject(spec) && !Object.values(spec).some(isPlainObject)
          ? compileSort(spec)
          : undefined;
      return sort ? [...docs].sort(sort) : undefined;
    }
    case '$skip':
      return typeof spec === 'number' && spec >= 0 ? docs.slice(spec) : undefined;
    case '$limit':
      return typeof spec === 'number' && spec > 0 ? docs.slice(0, spec) : undefined;
    default:
      return undefined;
  }
}

/**
 * Answers a final `$count` or `{ $group: { _id: <constant>, n: { $sum: 1 } } }` (what
 * countDocuments sends) from the number of selected documents, without copying them.
 */
function countStage(docs: Doc[], rest: Doc[]): Doc[] | undefined {
  if (rest.length !== 1) return undefined;
  const [op, spec] = Object.entries(rest[0]!)[0]!;
  if (op === '$count' && typeof spec === 'string' && spec && !spec.startsWith('$')) {
    return docs.length ? [{ [spec]: docs.length }] : [];
  }
  if (op !== '$group' || !isPlainObject(spec)) return undefined;
  const { _id: id, ...fields } = spec;
  const constantId =
    id === null || typeof id === 'number' || (typeof id === 'string' && !id.startsWith('$'));
  const allCounts = Object.values(fields).every(
    (f) => isPlainObject(f) && Object.keys(f).length === 1 && f.$sum === 1,
  );
  if (!constantId || !allCounts) return undefined;
  if (!docs.length) return [];
  const out: Doc = { _id: id };
  for (const name of Object.keys(fields)) out[name] = docs.length;
  return [out];
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

function runMingo(docs: Doc[], stages: Doc[], collections: CollectionLookup): Doc[] {
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

/** For `{ $lookup: { from, localField, foreignField: <indexed>, as } }`, the join per document. */
function indexedLookup(stage: Doc, collections: CollectionLookup): ((doc: Doc) => Doc) | undefined {
  const spec = stage.$lookup;
  if (!isPlainObject(spec) || spec.pipeline !== undefined || spec.let !== undefined) return;
  const { from, localField, foreignField, as } = spec;
  if (typeof from !== 'string' || typeof localField !== 'string') return;
  if (typeof foreignField !== 'string' || typeof as !== 'string') return;
  const foreign = collections(from);
  const indexed =
    foreignField === '_id' ||
    [...(foreign?.indexes.values() ?? [])].some(
      (i) => i.coversAllDocs && i.fields.length === 1 && i.fields[0] === foreignField,
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
