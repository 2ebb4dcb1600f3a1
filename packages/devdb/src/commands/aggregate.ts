import { badValue } from '../errors.js';
import type { Doc } from '../bson.js';
import { readNothing, andThen, type QueryResult, type QuerySpec } from '../engine/executor.js';
import { drive, Slice } from '../engine/pausing.js';
import { pageAndTotal, type PageAndTotal } from '../engine/page-and-total.js';
import { countOutput, pipelineHead, type PipelineHead } from '../engine/pipeline.js';
import { finishPipelinePausing } from '../engine/pipeline-steps.js';
import { project, querySpec } from '../engine/query.js';
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

/** The pipeline's page-and-total `$facet` straight after its leading `$match`, if it has one. */
function pageAndTotalOf({ head }: AggregateRequest): PageAndTotal | undefined {
  const plainMatch = !head.sort && head.skip === 0 && head.limit === Infinity && !head.count;
  return plainMatch ? pageAndTotal(head.rest) : undefined;
}

/**
 * `[{ $match }, { $facet: { rows: [page], total: [{ $count }] } }]` as the page's query, which
 * a `$text` query counts in the same pass over its candidates (any other plan counts in a query
 * of its own), instead of every match handed to mingo's `$facet` to sort and slice.
 */
function pageWithTotal(
  req: AggregateRequest,
  facet: PageAndTotal,
  ctx: Context,
): Doc[] | Promise<Doc[]> {
  const { filter } = req.head;
  const limit = Number.isFinite(facet.limit) ? facet.limit : undefined;
  const pageSpec = {
    ...querySpec(filter, { sort: facet.sort, skip: facet.skip, limit }),
    total: true,
  };
  const answer = (page: QueryResult, n: number): Doc[] => {
    const out: Doc = {
      [facet.rowsField]: project(page.docs, facet.projection, pageSpec.filter, page.scores),
      [facet.totalField]: countOutput({ fields: [facet.countField] }, n),
    };
    return [Object.fromEntries(facet.order.map((field) => [field, out[field]]))];
  };
  // A text query counts in the page's own pass; any other plan counts in a query of its own.
  const withTotal = (page: QueryResult): Doc[] | Promise<Doc[]> =>
    page.total !== undefined
      ? answer(page, page.total)
      : andThen(read(ctx, req.name, querySpec(filter, { count: true })), ({ n }) =>
          answer(page, n),
        );
  const page = read(ctx, req.name, pageSpec);
  return page instanceof Promise ? page.then(withTotal) : withTotal(page);
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
    const reply = (docs: Doc[]): Doc => {
      const batchSize =
        cursorOpts.batchSize === undefined ? undefined : num(cursorOpts.batchSize, 101);
      return { cursor: ctx.cursors.first(`${ctx.db}.${req.name}`, docs, batchSize), ok: 1 };
    };
    // The old `explain: true` option: the plan instead of the results.
    if (cmd.explain) {
      return andThen(aggregate(req, ctx), ({ result }) => ({
        ...explainAggregate(req, result, ctx, 'queryPlanner'),
        ok: 1,
      }));
    }
    const facet = pageAndTotalOf(req);
    if (facet) return andThen(pageWithTotal(req, facet, ctx), reply);
    return andThen(aggregate(req, ctx), ({ docs }) => reply(docs));
  },
};
