import { ObjectId } from 'bson';
import type { Doc } from '../bson.js';
import { applyUpdate, isOperatorUpdate, type UpdateSpec } from './update.js';
import { cloneDoc, isPlainObject, setPath } from './values.js';

/** The document an upsert starts from: the filter's equality fields (and its `_id`). */
export function upsertSeed(filter: Doc): Doc {
  const seed: Doc = {};
  const visit = (f: Doc): void => {
    for (const [k, v] of Object.entries(f)) {
      if (k === '$and' && Array.isArray(v)) {
        for (const sub of v) if (isPlainObject(sub)) visit(sub);
        continue;
      }
      if (k.startsWith('$')) continue;
      if (isPlainObject(v)) {
        const keys = Object.keys(v);
        if (keys.length && keys[0]!.startsWith('$')) {
          if (keys.length === 1 && keys[0] === '$eq') setPath(seed, k, cloneDoc(v.$eq));
          continue;
        }
      }
      if (v instanceof RegExp) continue;
      setPath(seed, k, cloneDoc(v));
    }
  };
  visit(filter);
  return seed;
}

/** Builds the document inserted by an upsert; `_id` comes first and is generated if absent. */
export function buildUpsert(filter: Doc, u: UpdateSpec): Doc {
  const seed = isOperatorUpdate(u) || Array.isArray(u) ? upsertSeed(filter) : {};
  if (!isOperatorUpdate(u) && !Array.isArray(u) && seed._id === undefined) {
    const fid = upsertSeed(filter)._id;
    if (fid !== undefined) seed._id = fid;
  }
  const { doc } = applyUpdate(seed, u, { filter: {}, inserting: true });
  if (doc._id === undefined) return { _id: new ObjectId(), ...doc };
  return doc;
}
