import { badValue } from '../errors.js';
import type { Doc } from '../bson.js';
import { readNothing, andThen, type QueryResult, type QuerySpec } from '../engine/executor.js';
import { drive, Slice } from '../engine/pausing.js';
import { countOutput, pipelineHead, type PipelineHead } from '../engine/pipeline.js';
import { finishPipelinePausing } from '../engine/pipeline-steps.js';
import { querySpec } from '../engine/query.js';
import { usesTextScore, withoutScores, withScoreField, withScores } from '../engine/text-meta.js';
import { isPlainObject } from '../engine/values.js';
import { num, type Context, type Handler } from './context.js';
import { explainQuery } from './explain-output.js';
import { read } from './find.js';

/** An aggregate command, validated: its leading query and the stages after it. */
export interface AggregateRequest {
  name: string;
  head: PipelineHead;
  spec: QuerySpec;
}

export function aggregateRequest(cmd: Doc): AggregateRequest {
  if (typeof cmd.aggregate !== 'string') {
    throw badValue('collection-less aggregate ({aggregate: 1}) is not supported by devdb');
  }
  if (!Array.isArray(cmd.pipeline)) {
    throw badValue("'pipeline' option must be specified as an array");
  }
  const head = pipelineHead(cmd.pipeline as Doc[]);
  const spec = querySpec(head.filter, {
    sort: head.sort,
    skip: head.skip,
    limit: Number.isFinite(head.limit) ? head.limit : undefined,
    count: head.count !== undefined,
  });
  return { name: cmd.aggregate, head, spec };
}

/** Runs the leading query, then the rest of the pipeline, both pausing as they go. */
export function aggregate(
  req: AggregateRequest,
  ctx: Context,
): Promise<{ docs: Doc[]; result: QueryResult }> | { docs: Doc[]; result: QueryResult } {
  const run = req.head.limit === 0 ? readNothing() : read(ctx, req.name, req.spec);
  type Out = { docs: Doc[]; result: QueryResult };
  const finish = (result: QueryResult): Out | Promise<Out> => {
    if (req.head.count) return { docs: countOutput(req.head.count, result.n), result };
    const slice = new Slice();
    const scored = usesTextScore(req.head.rest);
    const rest = finishPipelinePausing(
      scored ? withScores(result.docs, result.scores) : result.docs,
      scored ? withScoreField(req.head.rest) : req.head.rest,
      (name) => ctx.store.collection(ctx.db, name),
      slice,
    );
    return andThen(drive(rest, slice), (docs) => ({
      docs: scored ? withoutScores(docs) : docs,
      result,
    }));
  };
  return run instanceof Promise ? run.then(finish) : finish(run);
}

/**
 * Explain of a pipeline: a pipeline that is only a query answers like find's explain;
 * otherwise the query is the first stage (`$cursor`) and the other stages follow it.
 */
export function explainAggregate(
  req: AggregateRequest,
  result: QueryResult,
  ctx: Context,
  verbosity: string,
): Doc {
  const query = explainQuery(`${ctx.db}.${req.name}`, req.spec, result, verbosity);
  if (req.head.rest.length === 0) return { explainVersion: '1', ...query };
  return { explainVersion: '1', stages: [{ $cursor: query }, ...req.head.rest] };
}

export const aggregateCommands: Record<string, Handler> = {
  aggregate(cmd, ctx) {
    const req = aggregateRequest(cmd);
    const cursorOpts = isPlainObject(cmd.cursor) ? cmd.cursor : {};
    return andThen(aggregate(req, ctx), ({ docs, result }) => {
      // The old `explain: true` option: the plan instead of the results.
      if (cmd.explain) return { ...explainAggregate(req, result, ctx, 'queryPlanner'), ok: 1 };
      const batchSize =
        cursorOpts.batchSize === undefined ? undefined : num(cursorOpts.batchSize, 101);
      return { cursor: ctx.cursors.first(`${ctx.db}.${req.name}`, docs, batchSize), ok: 1 };
    });
  },
};
