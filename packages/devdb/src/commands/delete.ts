import type { Doc } from '../bson.js';
import { badValue } from '../errors.js';
import { findDocs } from '../engine/query.js';
import { isPlainObject } from '../engine/values.js';
import { collName, num, type Handler } from './context.js';
import { eachStatement, stopsAtFirstError } from './write-errors.js';

export const deleteCommands: Record<string, Handler> = {
  delete(cmd, ctx) {
    const statements = cmd.deletes;
    if (!Array.isArray(statements)) throw badValue('delete requires a deletes array');
    const coll = ctx.store.collection(ctx.db, collName(cmd, 'delete'));
    let n = 0;
    const writeErrors = eachStatement(statements as unknown[], stopsAtFirstError(cmd, ctx), (s) => {
      if (!isPlainObject(s)) throw badValue('delete statement must be an object');
      const limit = num(s.limit, 0);
      if (limit !== 0 && limit !== 1)
        throw badValue(`The limit field in delete objects must be 0 or 1. Got ${limit}`);
      if (!coll) return;
      const docs = findDocs(coll, isPlainObject(s.q) ? s.q : {}, { limit });
      for (const doc of docs) coll.remove(doc);
      n += docs.length;
    });
    const reply: Doc = { n, ok: 1 };
    if (writeErrors.length) reply.writeErrors = writeErrors;
    return reply;
  },
};
