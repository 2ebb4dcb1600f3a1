import type { Doc } from '../bson.js';
import { badValue } from '../errors.js';
import {
  readNothing,
  runQueryYielding,
  andThen,
  type QueryResult,
  type QuerySpec,
} from '../engine/executor.js';
import { narrowProjection, project, querySpec } from '../engine/query.js';
import { KEPT_UP_TO, encodedAs, type EncodedDoc } from '../wire/encoded-docs.js';
import { isPlainObject, keyOf, pathValues } from '../engine/values.js';
import { collName, num, type Context, type Handler } from './context.js';

/** A find command, validated and stated as a query. */
export interface FindRequest {
  name: string;
  filter: Doc;
  spec: QuerySpec;
  single: boolean;
}

export function findRequest(cmd: Doc): FindRequest {
  const name = collName(cmd, 'find');
  const filter = isPlainObject(cmd.filter) ? cmd.filter : {};
  let limit = num(cmd.limit, 0);
  let single = cmd.singleBatch === true;
  if (limit < 0) {
    limit = -limit;
    single = true;
  }
  const spec = querySpec(filter, { sort: cmd.sort, skip: num(cmd.skip, 0), limit });
  return { name, filter, spec, single };
}

/** A count command (documents matching `query`, after skip/limit) as a query. */
export function countRequest(cmd: Doc): { name: string; spec: QuerySpec } {
  const name = collName(cmd, 'count');
  const query = isPlainObject(cmd.query) ? cmd.query : {};
  const limit = Math.abs(num(cmd.limit, 0));
  return { name, spec: querySpec(query, { skip: num(cmd.skip, 0), limit, count: true }) };
}

/** Runs a read, pausing as it goes so that a long one does not hold up other connections. */
export function read(
  ctx: Context,
  name: string,
  spec: QuerySpec,
): QueryResult | Promise<QueryResult> {
  const coll = ctx.store.collection(ctx.db, name);
  return coll ? runQueryYielding(coll, spec) : readNothing();
}

/**
 * Stored documents in a narrowing projection (or whole), each encoded once per shape and then
 * copied into replies (wire/encoded-docs.ts): the same page read again costs a copy per document.
 */
function encodedInShape(docs: Doc[], projection: unknown, shaped: (doc: Doc) => Doc): EncodedDoc[] {
  const shape = isPlainObject(projection) ? JSON.stringify(projection) : '';
  return docs.map((doc) => encodedAs(doc, shape, shaped));
}

export const findCommands: Record<string, Handler> = {
  find(cmd, ctx) {
    const req = findRequest(cmd);
    return andThen(read(ctx, req.name, req.spec), ({ docs, scores }) => {
      const batchSize = cmd.batchSize === undefined ? undefined : num(cmd.batchSize, 101);
      const narrow = narrowProjection(cmd.projection);
      const cursor = ctx.cursors.first(
        `${ctx.db}.${req.name}`,
        narrow && docs.length <= KEPT_UP_TO
          ? encodedInShape(docs, cmd.projection, narrow)
          : project(docs, cmd.projection, req.spec.filter, scores),
        batchSize === 0 ? 0 : batchSize,
        req.single,
      );
      return { cursor, ok: 1 };
    });
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
    const { name, spec } = countRequest(cmd);
    const coll = ctx.store.collection(ctx.db, name);
    if (coll && Object.keys(spec.filter).length === 0 && !spec.text) {
      // The collection's size, as MongoDB answers an unfiltered count from metadata.
      const total = Math.max(0, coll.docs.size - spec.skip);
      return { n: Math.min(spec.limit, total), ok: 1 };
    }
    return andThen(read(ctx, name, spec), ({ n }) => ({ n, ok: 1 }));
  },

  distinct(cmd, ctx) {
    const name = collName(cmd, 'distinct');
    if (typeof cmd.key !== 'string') throw badValue('distinct requires a string key');
    const key = cmd.key;
    const query = isPlainObject(cmd.query) ? cmd.query : {};
    return andThen(read(ctx, name, querySpec(query)), ({ docs }) => {
      const seen = new Map<string, unknown>();
      for (const doc of docs) {
        for (const v of pathValues(doc, key))
          if (v !== undefined && !seen.has(keyOf(v))) seen.set(keyOf(v), v);
      }
      return { values: [...seen.values()], ok: 1 };
    });
  },
};
