import type { Doc } from '../bson.js';
import { badValue } from '../errors.js';
import type { Collection } from '../engine/collection.js';
import type { QuerySpec } from '../engine/executor.js';
import type { Pausing } from '../engine/pausing.js';
import { currentMatch, findPausing } from '../engine/query.js';
import { applyUpdate, validateUpdate, type UpdateSpec } from '../engine/update.js';
import { buildUpsert } from '../engine/upsert.js';
import { isPlainObject } from '../engine/values.js';
import { collName, type Handler } from './context.js';
import { eachStatement, stopsAtFirstError } from './write-errors.js';
import { runPausingWrite, type WritePauses } from './write-pauses.js';

export interface UpdateOutcome {
  matched: number;
  modified: number;
  upsertedId?: unknown;
  /** Post-image of the last touched document (for findAndModify). */
  after?: Doc;
  before?: Doc;
}

/**
 * Applies one update statement to a collection: the shared core of update and findAndModify.
 * A multi-document update pauses between documents; a document that changed meanwhile is
 * updated only if it still matches (see WritePauses.findOne for a single one).
 */
export function* updateStatement(
  coll: Collection,
  filter: Doc,
  u: UpdateSpec,
  opts: { multi?: boolean; upsert?: boolean; arrayFilters?: Doc[]; sort?: unknown },
  pauses: WritePauses,
): Pausing<UpdateOutcome> {
  let targets: Doc[];
  let spec: QuerySpec | undefined;
  let paused = false;
  if (opts.multi) {
    const found = yield* findPausing(coll, filter, {}, pauses.slice);
    if (found.paused) pauses.check(coll);
    ({ docs: targets, spec, paused } = found);
  } else {
    const doc = yield* pauses.findOne(coll, filter, { limit: 1, sort: opts.sort });
    targets = doc ? [doc] : [];
  }
  if (targets.length === 0) {
    if (!opts.upsert) return { matched: 0, modified: 0 };
    const doc = buildUpsert(filter, u);
    coll.insert(doc);
    return { matched: 0, modified: 0, upsertedId: doc._id, after: doc };
  }
  const out: UpdateOutcome = { matched: 0, modified: 0 };
  for (const [i, target] of targets.entries()) {
    // Between documents only: a single-document update decides in the slice it read in.
    if (i > 0 && (yield* pauses.between(coll))) paused = true;
    const prev = paused ? currentMatch(coll, target, spec!) : target;
    if (!prev) continue;
    const { doc, changed } = applyUpdate(prev, u, { filter, arrayFilters: opts.arrayFilters });
    out.matched++;
    out.before = prev;
    out.after = prev;
    if (!changed) continue;
    out.after = coll.replace(prev, doc);
    out.modified++;
  }
  return out;
}

export const updateCommands: Record<string, Handler> = {
  update(cmd, ctx) {
    const statements = cmd.updates;
    if (!Array.isArray(statements)) throw badValue('update requires an updates array');
    const name = collName(cmd, 'update');
    const ordered = stopsAtFirstError(cmd, ctx);
    return runPausingWrite(ctx, function* (pauses) {
      let n = 0;
      let nModified = 0;
      const upserted: Doc[] = [];
      const writeErrors = yield* eachStatement(
        statements as unknown[],
        ordered,
        function* (s, index) {
          yield* pauses.between();
          if (!isPlainObject(s)) throw badValue('update statement must be an object');
          const filter = isPlainObject(s.q) ? s.q : {};
          const u = validateUpdate(s.u);
          const coll = s.upsert
            ? ctx.store.ensureCollection(ctx.db, name)
            : ctx.store.collection(ctx.db, name);
          if (!coll) return;
          const opts = {
            multi: s.multi === true,
            upsert: s.upsert === true,
            arrayFilters: Array.isArray(s.arrayFilters) ? (s.arrayFilters as Doc[]) : undefined,
            sort: s.sort,
          };
          const r = yield* updateStatement(coll, filter, u, opts, pauses);
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
    });
  },
};
