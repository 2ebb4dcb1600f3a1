import { badValue } from '../errors.js';
import { compileFilter, findDocs, project } from '../engine/query.js';
import { isPlainObject, keyOf, pathValues } from '../engine/values.js';
import { collName, num, type Handler } from './context.js';

export const findCommands: Record<string, Handler> = {
  find(cmd, ctx) {
    const name = collName(cmd, 'find');
    const filter = isPlainObject(cmd.filter) ? cmd.filter : {};
    let limit = num(cmd.limit, 0);
    let single = cmd.singleBatch === true;
    if (limit < 0) {
      limit = -limit;
      single = true;
    }
    const docs = findDocs(ctx.store.collection(ctx.db, name), filter, {
      sort: cmd.sort,
      skip: num(cmd.skip, 0),
      limit,
    });
    const batchSize = cmd.batchSize === undefined ? undefined : num(cmd.batchSize, 101);
    const cursor = ctx.cursors.first(
      `${ctx.db}.${name}`,
      project(docs, cmd.projection, filter),
      batchSize === 0 ? 0 : batchSize,
      single,
    );
    return { cursor, ok: 1 };
  },

  getMore(cmd, ctx) {
    const id = cmd.getMore;
    if (typeof id !== 'bigint' && typeof id !== 'number')
      throw badValue('getMore requires a cursor id');
    const cursor = ctx.cursors.more(
      BigInt(id),
      cmd.batchSize === undefined ? undefined : num(cmd.batchSize, 0),
    );
    return { cursor, ok: 1 };
  },

  killCursors(cmd, ctx) {
    const ids = Array.isArray(cmd.cursors) ? (cmd.cursors as unknown[]) : [];
    const { killed, notFound } = ctx.cursors.kill(ids.map((i) => BigInt(i as number | bigint)));
    return {
      cursorsKilled: killed,
      cursorsNotFound: notFound,
      cursorsAlive: [],
      cursorsUnknown: [],
      ok: 1,
    };
  },

  count(cmd, ctx) {
    const coll = ctx.store.collection(ctx.db, collName(cmd, 'count'));
    const query = isPlainObject(cmd.query) ? cmd.query : {};
    const skip = num(cmd.skip, 0);
    const limit = Math.abs(num(cmd.limit, 0));
    if (!coll) return { n: 0, ok: 1 };
    if (Object.keys(query).length === 0) {
      const total = Math.max(0, coll.docs.size - skip);
      return { n: limit ? Math.min(limit, total) : total, ok: 1 };
    }
    return { n: findDocs(coll, query, { skip, limit }).length, ok: 1 };
  },

  distinct(cmd, ctx) {
    const coll = ctx.store.collection(ctx.db, collName(cmd, 'distinct'));
    if (typeof cmd.key !== 'string') throw badValue('distinct requires a string key');
    const query = isPlainObject(cmd.query) ? cmd.query : {};
    compileFilter(query);
    const seen = new Map<string, unknown>();
    for (const doc of findDocs(coll, query)) {
      for (const v of pathValues(doc, cmd.key))
        if (v !== undefined && !seen.has(keyOf(v))) seen.set(keyOf(v), v);
    }
    return { values: [...seen.values()], ok: 1 };
  },
};
