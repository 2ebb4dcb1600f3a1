import { Aggregator } from 'mingo';
import { update as mingoUpdate } from 'mingo/updater';
import type { Doc } from '../bson.js';
import { CommandError, badValue, immutableField, toCommandError, typeMismatch } from '../errors.js';
import { applySimple, isSimpleModifier } from './fast-update.js';
import { cloneDoc, getPath, isPlainObject, keyOf, setPath } from './values.js';

const OPERATORS = new Set([
  '$set',
  '$unset',
  '$inc',
  '$mul',
  '$min',
  '$max',
  '$push',
  '$pull',
  '$pullAll',
  '$addToSet',
  '$pop',
  '$rename',
  '$currentDate',
  '$setOnInsert',
  '$bit',
]);

export type UpdateSpec = Doc | Doc[];

export function isOperatorUpdate(u: UpdateSpec): boolean {
  return !Array.isArray(u) && Object.keys(u).some((k) => k.startsWith('$'));
}

export function validateUpdate(u: unknown): UpdateSpec {
  if (Array.isArray(u)) return u as Doc[];
  if (!isPlainObject(u)) throw new CommandError(9, 'FailedToParse', 'update must be an object');
  const keys = Object.keys(u);
  const ops = keys.filter((k) => k.startsWith('$'));
  if (ops.length && ops.length !== keys.length) {
    throw new CommandError(
      9,
      'FailedToParse',
      `Unknown modifier: ${keys.find((k) => !k.startsWith('$'))}`,
    );
  }
  for (const op of ops) {
    if (!OPERATORS.has(op)) {
      throw new CommandError(
        9,
        'FailedToParse',
        `Unknown modifier: ${op}. Expected a valid update modifier or pipeline-style update specified as an array`,
      );
    }
  }
  if (!ops.length) {
    for (const k of keys)
      if (k.includes('.')) throw badValue(`replacement field names cannot contain '.': ${k}`);
  }
  return u;
}

export interface ApplyOptions {
  filter: Doc;
  arrayFilters?: Doc[];
  /** True when the update builds a new document for an upsert (enables $setOnInsert). */
  inserting?: boolean;
}

/**
 * Returns the updated copy of `doc` (the original is untouched) and whether it changed.
 * Operator updates run through mingo's updater, with the type checks MongoDB makes first.
 */
export function applyUpdate(
  doc: Doc,
  u: UpdateSpec,
  opts: ApplyOptions,
): { doc: Doc; changed: boolean } {
  let next: Doc;
  let changedFields = -1;
  if (Array.isArray(u)) {
    try {
      next = new Aggregator(u).run([cloneDoc(doc)])[0] as Doc;
    } catch (err) {
      throw toCommandError(err);
    }
  } else if (!isOperatorUpdate(u)) {
    const { _id: _ignored, ...rest } = u;
    if (u._id !== undefined && doc._id !== undefined && keyOf(u._id) !== keyOf(doc._id)) {
      throw immutableField(
        "After applying the update, the (immutable) field '_id' was found to have been altered",
      );
    }
    next = doc._id === undefined ? { ...cloneDoc(u) } : { _id: doc._id, ...cloneDoc(rest) };
  } else {
    const r = applyOperators(doc, u, opts, true) ?? applyOperators(doc, u, opts, false)!;
    next = r.next;
    changedFields = r.changed;
  }
  if (doc._id !== undefined && keyOf(next._id) !== keyOf(doc._id)) {
    throw immutableField(
      "Performing an update on the path '_id' would modify the immutable field '_id'",
    );
  }
  if (next._id !== undefined && Object.keys(next)[0] !== '_id') {
    const { _id, ...rest } = next;
    next = { _id, ...rest };
  }
  // Operator updates know which fields they touched; replacements compare whole documents.
  const changed = changedFields >= 0 ? changedFields > 0 : keyOf(next) !== keyOf(doc);
  return { doc: next, changed };
}

/**
 * Applies an operator update to a copy of `doc`. With `fast`, the everyday operators run
 * through applySimple; it returns undefined when that cannot handle the document, and the
 * caller retries through mingo's updater on a fresh copy.
 */
function applyOperators(
  doc: Doc,
  u: Doc,
  opts: ApplyOptions,
  fast: boolean,
): { next: Doc; changed: number } | undefined {
  const next = cloneDoc(doc);
  const modifier: Doc = {};
  for (const [op, spec] of Object.entries(u)) {
    if (op === '$setOnInsert') {
      if (opts.inserting) modifier.$set = { ...(modifier.$set as Doc), ...(spec as Doc) };
      continue;
    }
    if (!isPlainObject(spec)) {
      throw badValue(`Modifiers operate on fields but we found a ${typeof spec} instead`);
    }
    guardId(doc, op, spec);
    if (Object.keys(spec).length === 0) continue;
    modifier[op] = op === '$set' ? { ...(modifier.$set as Doc), ...spec } : spec;
    if (op === '$inc' || op === '$mul') checkArithmetic(next, op, spec, modifier);
  }
  let changed = arithmeticChanges(modifier);
  if (Object.keys(modifier).length === 0) return { next, changed };
  if (fast) {
    if (!isSimpleModifier(modifier, opts.arrayFilters)) return undefined;
    const n = applySimple(next, modifier);
    return n === undefined ? undefined : { next, changed: changed + n };
  }
  try {
    changed += mingoUpdate(next, modifier, opts.arrayFilters, opts.filter, {
      cloneMode: 'deep',
    }).length;
  } catch (err) {
    throw toCommandError(err);
  }
  return { next, changed };
}

/** `_id` may only be "$set" to its current value; anything else is an ImmutableField error. */
function guardId(doc: Doc, op: string, spec: Doc): void {
  for (const path of Object.keys(spec)) {
    if (path !== '_id' && !path.startsWith('_id.')) continue;
    if (op === '$set' && path === '_id' && keyOf(spec._id) === keyOf(doc._id)) {
      delete spec._id;
      continue;
    }
    throw immutableField(
      "Performing an update on the path '_id' would modify the immutable field '_id'",
    );
  }
}

const isNumeric = (v: unknown): boolean =>
  typeof v === 'number' ||
  typeof v === 'bigint' ||
  ['Long', 'Int32', 'Double', 'Decimal128'].includes(
    (v as { _bsontype?: string } | null)?._bsontype ?? '',
  );

/**
 * mingo silently skips $inc/$mul on non-numbers and cannot add to int64 (bigint) values:
 * reject the former like MongoDB and compute the latter here.
 */
const BIGINT_CHANGES = Symbol('bigint changes');

/** How many int64 fields checkArithmetic already updated itself. */
function arithmeticChanges(modifier: Doc): number {
  return (modifier as { [BIGINT_CHANGES]?: number })[BIGINT_CHANGES] ?? 0;
}

function checkArithmetic(doc: Doc, op: string, spec: Doc, modifier: Doc): void {
  const rest: Doc = {};
  for (const [path, by] of Object.entries(spec)) {
    if (!isNumeric(by)) {
      throw typeMismatch(
        `Cannot ${op === '$inc' ? 'increment' : 'multiply'} with non-numeric argument: {${path}: ${String(by)}}`,
      );
    }
    if (typeof by === 'object' && by !== null) {
      throw badValue(`${op} by a ${bsonName(by)} value is not supported by devdb`);
    }
    if (path.includes('$')) {
      rest[path] = by;
      continue;
    }
    const cur = getPath(doc, path);
    if (cur !== undefined && cur !== null && !isNumeric(cur)) {
      throw typeMismatch(
        `Cannot apply ${op} to a value of non-numeric type. {_id: ${String(doc._id)}} has the field '${path.split('.').pop()}' of non-numeric type ${Array.isArray(cur) ? 'array' : typeof cur === 'object' ? 'object' : typeof cur}`,
      );
    }
    if (typeof cur === 'object' && cur !== null) {
      throw badValue(`${op} on a ${bsonName(cur)} value is not supported by devdb`);
    }
    if (cur === null) {
      throw typeMismatch(`Cannot apply ${op} to a value of non-numeric type null`);
    }
    if (typeof cur === 'bigint' || typeof by === 'bigint') {
      // int64 (bigint) arithmetic stays int64; mixed with a fractional double it becomes double.
      const fractional = [cur, by].some((v) => typeof v === 'number' && !Number.isInteger(v));
      let result: number | bigint;
      if (fractional) {
        const x = Number(cur ?? 0);
        result = op === '$inc' ? x + Number(by) : cur === undefined ? 0 : x * Number(by);
      } else {
        const x = BigInt((cur as number | bigint | undefined) ?? 0);
        const y = BigInt(by as number | bigint);
        result = op === '$inc' ? x + y : cur === undefined ? 0n : x * y;
      }
      setPath(doc, path, result);
      const counted = modifier as { [BIGINT_CHANGES]?: number };
      counted[BIGINT_CHANGES] = (counted[BIGINT_CHANGES] ?? 0) + 1;
      continue;
    }
    rest[path] = by;
  }
  modifier[op] = rest;
  if (Object.keys(rest).length === 0) delete modifier[op];
}

const bsonName = (v: object): string => (v as { _bsontype?: string })._bsontype ?? 'object';
