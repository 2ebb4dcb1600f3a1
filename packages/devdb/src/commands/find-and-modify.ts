import type { Doc } from '../bson.js';
import { badValue } from '../errors.js';
import type { Pausing } from '../engine/pausing.js';
import { project, querySpec } from '../engine/query.js';
import { validateUpdate } from '../engine/update.js';
import { isPlainObject } from '../engine/values.js';
import { collName, type Handler } from './context.js';
import { updateStatement } from './update.js';
import { runPausingWrite, type WritePauses } from './write-pauses.js';

/** Its read may pause (a scan or a sort over many documents): see WritePauses.findOne. */
function findAndModify(cmd: Doc, ctx: Parameters<Handler>[1]): Doc | Promise<Doc> {
  return runPausingWrite(ctx, (pauses) => findAndModifySteps(cmd, ctx, pauses));
}

function* findAndModifySteps(
  cmd: Doc,
  ctx: Parameters<Handler>[1],
  pauses: WritePauses,
): Pausing<Doc> {
  const name = collName(cmd, Object.keys(cmd)[0]!);
  const filter = isPlainObject(cmd.query) ? cmd.query : {};
  const fields = cmd.fields;
  const shape = (doc: Doc | undefined): Doc | null =>
    doc ? (project([doc], fields, filter)[0] ?? null) : null;

  if (cmd.remove === true) {
    if (cmd.update !== undefined) throw badValue('Cannot specify both an update and remove=true');
    const coll = ctx.store.collection(ctx.db, name);
    const opts = { limit: 1, sort: cmd.sort };
    if (!coll) {
      querySpec(filter, opts); // a bad filter or sort is an error even without a collection
      return { lastErrorObject: { n: 0 }, value: null, ok: 1 };
    }
    const doc = yield* pauses.findOne(coll, filter, opts);
    if (!doc) return { lastErrorObject: { n: 0 }, value: null, ok: 1 };
    coll.remove(doc);
    return { lastErrorObject: { n: 1 }, value: shape(doc), ok: 1 };
  }
  if (cmd.update === undefined) throw badValue('Either an update or remove=true must be specified');
  const u = validateUpdate(cmd.update);
  const coll = cmd.upsert
    ? ctx.store.ensureCollection(ctx.db, name)
    : ctx.store.collection(ctx.db, name);
  if (!coll) return { lastErrorObject: { n: 0, updatedExisting: false }, value: null, ok: 1 };
  const r = yield* updateStatement(
    coll,
    filter,
    u,
    {
      upsert: cmd.upsert === true,
      arrayFilters: Array.isArray(cmd.arrayFilters) ? (cmd.arrayFilters as Doc[]) : undefined,
      sort: cmd.sort,
    },
    pauses,
  );
  if (r.upsertedId !== undefined) {
    return {
      lastErrorObject: { n: 1, updatedExisting: false, upserted: r.upsertedId },
      value: cmd.new === true ? shape(r.after) : null,
      ok: 1,
    };
  }
  return {
    lastErrorObject: { n: r.matched, updatedExisting: r.matched > 0 },
    value: shape(cmd.new === true ? r.after : r.before),
    ok: 1,
  };
}

export const findAndModifyCommands: Record<string, Handler> = {
  findAndModify,
  findandmodify: findAndModify,
};
