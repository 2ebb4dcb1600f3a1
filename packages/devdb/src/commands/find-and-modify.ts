import type { Doc } from '../bson.js';
import { badValue } from '../errors.js';
import { findDocs, project } from '../engine/query.js';
import { validateUpdate } from '../engine/update.js';
import { isPlainObject } from '../engine/values.js';
import { collName, type Handler } from './context.js';
import { updateStatement } from './update.js';

function findAndModify(cmd: Doc, ctx: Parameters<Handler>[1]): Doc {
  const name = collName(cmd, Object.keys(cmd)[0]!);
  const filter = isPlainObject(cmd.query) ? cmd.query : {};
  const fields = cmd.fields;
  const shape = (doc: Doc | undefined): Doc | null =>
    doc ? (project([doc], fields, filter)[0] ?? null) : null;

  if (cmd.remove === true) {
    if (cmd.update !== undefined) throw badValue('Cannot specify both an update and remove=true');
    const coll = ctx.store.collection(ctx.db, name);
    const [doc] = findDocs(coll, filter, { limit: 1, sort: cmd.sort });
    if (!coll || !doc) return { lastErrorObject: { n: 0 }, value: null, ok: 1 };
    coll.remove(doc);
    return { lastErrorObject: { n: 1 }, value: shape(doc), ok: 1 };
  }
  if (cmd.update === undefined) throw badValue('Either an update or remove=true must be specified');
  const u = validateUpdate(cmd.update);
  const coll = cmd.upsert
    ? ctx.store.ensureCollection(ctx.db, name)
    : ctx.store.collection(ctx.db, name);
  if (!coll) return { lastErrorObject: { n: 0, updatedExisting: false }, value: null, ok: 1 };
  const r = updateStatement(coll, filter, u, {
    upsert: cmd.upsert === true,
    arrayFilters: Array.isArray(cmd.arrayFilters) ? (cmd.arrayFilters as Doc[]) : undefined,
    sort: cmd.sort,
  });
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
