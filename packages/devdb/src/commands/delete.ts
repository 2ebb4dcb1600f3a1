import type { Doc } from '../bson.js';
import { badValue } from '../errors.js';
import { currentMatch, findPausing } from '../engine/query.js';
import { isPlainObject } from '../engine/values.js';
import { collName, num, type Handler } from './context.js';
import { eachStatement, stopsAtFirstError } from './write-errors.js';
import { runPausingWrite } from './write-pauses.js';

export const deleteCommands: Record<string, Handler> = {
  delete(cmd, ctx) {
    const statements = cmd.deletes;
    if (!Array.isArray(statements)) throw badValue('delete requires a deletes array');
    const name = collName(cmd, 'delete');
    const ordered = stopsAtFirstError(cmd, ctx);
    return runPausingWrite(ctx, function* (pauses) {
      let n = 0;
      const writeErrors = yield* eachStatement(statements as unknown[], ordered, function* (s) {
        yield* pauses.between();
        if (!isPlainObject(s)) throw badValue('delete statement must be an object');
        const limit = num(s.limit, 0);
        if (limit !== 0 && limit !== 1)
          throw badValue(`The limit field in delete objects must be 0 or 1. Got ${limit}`);
        const coll = ctx.store.collection(ctx.db, name);
        if (!coll) return;
        const filter = isPlainObject(s.q) ? s.q : {};
        if (limit === 1) {
          const doc = yield* pauses.findOne(coll, filter, { limit });
          if (doc) coll.remove(doc);
          n += doc ? 1 : 0;
          return;
        }
        const found = yield* findPausing(coll, filter, {}, pauses.slice);
        let paused = found.paused;
        if (paused) pauses.check(coll);
        for (const [i, doc] of found.docs.entries()) {
          // Between documents: one that changed meanwhile goes only if it still matches.
          if (i > 0 && (yield* pauses.between(coll))) paused = true;
          const current = paused ? currentMatch(coll, doc, found.spec) : doc;
          if (!current) continue;
          coll.remove(current);
          n++;
        }
      });
      const reply: Doc = { n, ok: 1 };
      if (writeErrors.length) reply.writeErrors = writeErrors;
      return reply;
    });
  },
};
