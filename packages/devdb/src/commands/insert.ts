import type { Doc } from '../bson.js';
import { badValue } from '../errors.js';
import { isPlainObject } from '../engine/values.js';
import { collName, type Handler } from './context.js';
import { eachStatement, stopsAtFirstError } from './write-errors.js';

export const insertCommands: Record<string, Handler> = {
  insert(cmd, ctx) {
    const docs = cmd.documents;
    if (!Array.isArray(docs)) throw badValue('insert requires a documents array');
    const coll = ctx.store.ensureCollection(ctx.db, collName(cmd, 'insert'));
    let n = 0;
    const writeErrors = eachStatement(docs as unknown[], stopsAtFirstError(cmd, ctx), (doc) => {
      if (!isPlainObject(doc)) throw badValue('document to insert must be an object');
      coll.insert(doc);
      n++;
    });
    const reply: Doc = { n, ok: 1 };
    if (writeErrors.length) reply.writeErrors = writeErrors;
    return reply;
  },
};
