import type { Doc } from '../bson.js';
import { isPlainObject } from '../engine/values.js';

/** Values an equality/$in may pin a field to; anything we cannot hash exactly is left out. */
function hashableValues(v: unknown): unknown[] | undefined {
  if (v instanceof RegExp || Array.isArray(v)) return undefined;
  if (!isPlainObject(v)) return [v];
  const keys = Object.keys(v);
  if (keys.length === 0 || !keys[0]!.startsWith('$')) return [v];
  if (keys.length !== 1) return undefined;
  if (keys[0] === '$eq') return hashableValues(v.$eq);
  if (keys[0] === '$in' && Array.isArray(v.$in)) {
    const out: unknown[] = [];
    for (const item of v.$in as unknown[]) {
      const vals = hashableValues(item);
      if (!vals || isPlainObject(item)) return undefined;
      out.push(...vals);
    }
    return out;
  }
  return undefined;
}

/**
 * Top-level fields of a filter (including inside a top-level `$and`) that must equal one of
 * a known list of values. Any document matching the filter has one of those values at the
 * field, so an index on the field yields a superset of the matches.
 */
export function indexableEqualities(filter: Doc): Map<string, unknown[]> {
  const out = new Map<string, unknown[]>();
  const visit = (f: Doc): void => {
    for (const [k, v] of Object.entries(f)) {
      if (k === '$and' && Array.isArray(v)) {
        for (const sub of v) if (isPlainObject(sub)) visit(sub);
        continue;
      }
      if (k.startsWith('$')) continue;
      const vals = hashableValues(v);
      if (vals && !out.has(k)) out.set(k, vals);
    }
  };
  visit(filter);
  return out;
}
