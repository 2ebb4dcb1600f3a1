import type { Doc } from '../bson.js';
import { badValue } from '../errors.js';
import type { Collection } from '../engine/collection.js';
import { findDocs } from '../engine/query.js';
import { applyUpdate, validateUpdate, type UpdateSpec } from '../engine/update.js';
import { buildUpsert } from '../engine/upsert.js';
import { isPlainObject } from '../engine/values.js';
import { collName, type Handler } from './context.js';
import { eachStatement, stopsAtFirstError } from './write-errors.js';

export interface UpdateOutcome {
  matched: number;
  modified: number;
  upsertedId?: unknown;
  /** Post-image of the last touched document (for findAndModify). */
  after?: Doc;
  before?: Doc;
}

/** Applies one update statement to a collection: the shared core of update and findAndModify. */
export function updateStatement(
  coll: Collection,
  filter: Doc,
  u: UpdateSpec,
  opts: { multi?: boolean; upsert?: boolean; arrayFilters?: Doc[]; sort?: unknown },
): UpdateOutcome {
  const targets = opts.multi
    ? findDocs(coll, filter)
    : findDocs(coll, filter, { limit: 1, sort: opts.sort });
  if (targets.length === 0) {
    if (!opts.upsert) return { matched: 0, modified: 0 };
    const doc = buildUpsert(filter, u);
    coll.insert(doc);
    return { matched: 0, modified: 0, upsertedId: doc._id, after: doc };
  }
  const out: UpdateOutcome = { matched: 0, modified: 0 };
  for (const prev of targets) {
    const { doc, changed } = applyUpdate(prev, u, { filter, arrayFilters: opts.arrayFilters });
    out.matched++;
    out.before = prev;
    out.after = prev;
    if (!changed) continue;
    coll.replace(prev, doc);
    out.after = doc;
    out.modified++;
  }
  return out;
}

export const updateCommands: Record<string, Handler> = {
  update(cmd, ctx) {
    const statements = cmd.updates;
    if (!Array.isArray(statements)) throw badValue('update requires an updates array');
    const name = collName(cmd, 'update');
    let n = 0;
    let nModified = 0;
    const upserted: Doc[] = [];
    const writeErrors = eachStatement(
      statements as unknown[],
      stopsAtFirstError(cmd, ctx),
      (s, index) => {
        if (!isPlainObject(s)) throw badValue('update statement must be an object');
        const filter = isPlainObject(s.q) ? s.q : {};
        const u = validateUpdate(s.u);
        const coll = s.upsert
          ? ctx.store.ensureCollection(ctx.db, name)
          : ctx.store.collection(ctx.db, name);
        if (!coll) return;
        const r = updateStatement(coll, filter, u, {
          multi: s.multi === true,
          upsert: s.upsert === true,
          arrayFilters: Array.isArray(s.arrayFilters) ? (s.arrayFilters as Doc[]) : undefined,
          sort: s.sort,
        });
        n += r.matched;
        nModified += r.modified;
        if (r.upsertedId !== undefined) {
          n++;
          upserted.push({ index, _id: r.upsertedId });
        }
      },
    );
    const reply: Doc = { n, nModified, ok: 1 };
    if (upserted.length) reply.upserted = upserted;
    if (writeErrors.length) reply.writeErrors = writeErrors;
    return reply;
  },
};
