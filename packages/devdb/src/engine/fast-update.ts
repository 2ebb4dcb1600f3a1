import type { Doc } from '../bson.js';
import { compareValues, isPlainObject, keyOf } from './values.js';

/**
 * A direct implementation of the everyday update operators on plain dotted paths
 * ($set $unset $inc $min $max $currentDate, and $push/$addToSet of a single value).
 * mingo's updater rebuilds its operator tables for every call, which made it the most
 * expensive part of an update; anything beyond this subset still goes to mingo.
 */
const SIMPLE_OPS = new Set([
  '$set',
  '$unset',
  '$inc',
  '$min',
  '$max',
  '$currentDate',
  '$push',
  '$addToSet',
]);

const hasOperatorKeys = (v: unknown): boolean =>
  isPlainObject(v) && Object.keys(v).some((k) => k.startsWith('$'));

/** Whether `modifier` can be applied by `applySimple` (checked before anything is mutated). */
export function isSimpleModifier(modifier: Doc, arrayFilters: unknown): boolean {
  if (Array.isArray(arrayFilters) && arrayFilters.length) return false;
  const paths: string[] = [];
  for (const [op, spec] of Object.entries(modifier)) {
    if (!SIMPLE_OPS.has(op) || !isPlainObject(spec)) return false;
    for (const [path, value] of Object.entries(spec)) {
      if (path.includes('$') || path === '' || path.split('.').some((p) => p === '')) return false;
      if (op === '$inc' && typeof value !== 'number') return false;
      if (
        op === '$currentDate' &&
        value !== true &&
        !(isPlainObject(value) && value.$type === 'date')
      ) {
        return false;
      }
      if ((op === '$push' || op === '$addToSet' || op === '$set') && hasOperatorKeys(value))
        return false;
      paths.push(path);
    }
  }
  // Overlapping paths ("a" and "a.b") are a conflict error that mingo reports.
  paths.sort();
  for (let i = 1; i < paths.length; i++) {
    if (paths[i] === paths[i - 1] || paths[i]!.startsWith(paths[i - 1]! + '.')) return false;
  }
  return true;
}

type Slot = { parent: Doc | unknown[]; key: string | number };

/** Finds (creating objects on the way when `create`) the container of the last path part. */
function locate(doc: Doc, path: string, create: boolean): Slot | undefined | null {
  const parts = path.split('.');
  let cur: Doc | unknown[] = doc;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const key: string | number = Array.isArray(cur) ? Number(part) : part;
    if (Array.isArray(cur) && !/^\d+$/.test(part)) return null;
    if (i === parts.length - 1) return { parent: cur, key };
    let next: unknown = (cur as Record<string | number, unknown>)[key];
    if (next === undefined) {
      if (!create) return undefined;
      if (Array.isArray(cur)) return null;
      next = {};
      (cur as Doc)[part] = next;
    }
    if (!isPlainObject(next) && !Array.isArray(next)) return null;
    cur = next;
  }
  return null;
}

const read = (s: Slot): unknown => (s.parent as Record<string | number, unknown>)[s.key];

function write(s: Slot, value: unknown): void {
  if (Array.isArray(s.parent)) {
    const idx = s.key as number;
    while (s.parent.length < idx) s.parent.push(null);
    s.parent[idx] = value;
  } else s.parent[s.key as string] = value;
}

/**
 * Applies a modifier accepted by `isSimpleModifier` to `doc` in place. Returns the number
 * of fields that changed, or undefined when the document's shape needs mingo's handling
 * (e.g. a path through a scalar); `doc` must then be discarded.
 */
export function applySimple(doc: Doc, modifier: Doc): number | undefined {
  let changed = 0;
  const now = new Date();
  for (const [op, spec] of Object.entries(modifier)) {
    for (const [path, value] of Object.entries(spec as Doc)) {
      const slot = locate(doc, path, op !== '$unset');
      if (slot === null) return undefined;
      if (slot === undefined) continue; // $unset of a missing path
      const cur = read(slot);
      let next: unknown;
      switch (op) {
        case '$set':
          next = value;
          break;
        case '$currentDate':
          next = now;
          break;
        case '$unset':
          if (cur === undefined) continue;
          if (Array.isArray(slot.parent)) write(slot, null);
          else delete slot.parent[slot.key as string];
          changed++;
          continue;
        case '$inc':
          if (cur !== undefined && typeof cur !== 'number') return undefined;
          next = ((cur as number | undefined) ?? 0) + (value as number);
          break;
        case '$min':
        case '$max': {
          const c = compareValues(value, cur);
          if (cur !== undefined && (op === '$min' ? c >= 0 : c <= 0)) continue;
          next = value;
          break;
        }
        case '$push':
        case '$addToSet': {
          if (cur !== undefined && !Array.isArray(cur)) return undefined;
          const arr = cur ?? [];
          if (op === '$addToSet' && arr.some((v) => keyOf(v) === keyOf(value))) {
            if (cur === undefined) write(slot, arr);
            continue;
          }
          next = [...arr, value];
          break;
        }
        default:
          return undefined;
      }
      if (cur !== undefined && keyOf(cur) === keyOf(next) && typeof cur === typeof next) continue;
      write(slot, next);
      changed++;
    }
  }
  return changed;
}
