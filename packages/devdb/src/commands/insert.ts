import type { Doc } from '../bson.js';
import { badValue } from '../errors.js';
import { isPlainObject } from '../engine/values.js';
import { collName, type Handler } from './context.js';
import { eachStatement, stopsAtFirstError } from './write-errors.js';
import { runPausingWrite } from './write-pauses.js';

export const insertCommands: Record<string, Handler> = {
  insert(cmd, ctx) {
    const docs = cmd.documents;
    if (!Array.isArray(docs)) throw badValue('insert requires a documents array');
    const name = collName(cmd, 'insert');
    let coll = ctx.store.ensureCollection(ctx.db, name);
    const ordered = stopsAtFirstError(cmd, ctx);
    return runPausingWrite(ctx, function* (pauses) {
      let n = 0;
      const writeErrors = yield* eachStatement(docs as unknown[], ordered, function* (doc) {
        // A collection dropped meanwhile is created again, as an insert does.
        if (yield* pauses.between()) coll = ctx.store.ensureCollection(ctx.db, name);
        if (!isPlainObject(doc)) throw badValue('document to insert must be an object');
        coll.insert(doc);
        n++;
      });
      const reply: Doc = { n, ok: 1 };
      if (writeErrors.length) reply.writeErrors = writeErrors;
      return reply;
    });
  },
};
