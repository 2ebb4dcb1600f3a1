import { badValue } from '../errors.js';
import type { Doc } from '../bson.js';
import { runPipeline } from '../engine/pipeline.js';
import { isPlainObject } from '../engine/values.js';
import { num, type Handler } from './context.js';

export const aggregateCommands: Record<string, Handler> = {
  aggregate(cmd, ctx) {
    if (typeof cmd.aggregate !== 'string') {
      throw badValue('collection-less aggregate ({aggregate: 1}) is not supported by devdb');
    }
    if (!Array.isArray(cmd.pipeline)) {
      throw badValue("'pipeline' option must be specified as an array");
    }
    if (cmd.explain) throw badValue('explain is not supported by devdb');
    const cursorOpts = isPlainObject(cmd.cursor) ? cmd.cursor : {};
    const docs = runPipeline(
      ctx.store.collection(ctx.db, cmd.aggregate),
      cmd.pipeline as Doc[],
      (name) => ctx.store.collection(ctx.db, name),
    );
    const batchSize =
      cursorOpts.batchSize === undefined ? undefined : num(cursorOpts.batchSize, 101);
    return { cursor: ctx.cursors.first(`${ctx.db}.${cmd.aggregate}`, docs, batchSize), ok: 1 };
  },
};
