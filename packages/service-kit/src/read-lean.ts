import type { AsyncLocalStorage } from 'node:async_hooks';
import type { ClientSession, Model } from 'mongoose';
import { commandReadsLikeCursor, runCursorCommand } from './cursor-command.js';

export interface LeanReadOptions {
  projection?: Record<string, 0 | 1 | { $meta: 'textScore' }>;
  /** Directions, or `{ $meta: 'textScore' }` after a `$text` filter (the server's own sort). */
  sort?: Record<string, 1 | -1 | { $meta: 'textScore' }>;
  skip?: number;
  /** 0 or absent: no limit (the driver's meaning). */
  limit?: number;
  /** Documents per round trip (default: the limit; without one the server's, 101 then 16 MiB). */
  batchSize?: number;
}

type TransactionStore = AsyncLocalStorage<{ session?: ClientSession } | undefined>;

type LeanModel = Pick<Model<never>, 'collection' | 'db'>;

/** The session of the inTransaction call this runs in, if any (service-kit's async-local storage). */
function transactionSession(model: LeanModel): ClientSession | undefined {
  const store = (model.db.base as { transactionAsyncLocalStorage?: TransactionStore })
    .transactionAsyncLocalStorage;
  return store?.getStore()?.session;
}

/**
 * A find straight through the driver, for the reads every page makes (issue 17): a mongoose
 * query costs about as much CPU again as the driver's own work for the same read (building the
 * Query, casting the filter against the schema, middleware), whatever it returns, and a page
 * makes 4-9 of them. The filter must hold stored types (ObjectIds, not hex strings: nothing is
 * cast) and the documents come back as stored, as `lean()` gives them. Inside inTransaction it
 * reads in the transaction's session, as a model call would (service-kit's async-local storage).
 * It runs as a `find` command (cursor-command.ts: the driver's cursor costs twice the CPU).
 */
export function readLean<T>(
  model: LeanModel,
  filter: Record<string, unknown>,
  options: LeanReadOptions = {},
): Promise<T[]> {
  const session = transactionSession(model);
  if (!commandReadsLikeCursor(model.db)) {
    return model.collection
      .find(filter, session ? { ...options, session } : options)
      .toArray() as Promise<T[]>;
  }
  const { projection, sort, skip, limit, batchSize = limit } = options;
  const name = model.collection.collectionName;
  const find: Record<string, unknown> = { find: name, filter };
  if (projection) find.projection = projection;
  if (sort) find.sort = sort;
  if (skip) find.skip = skip;
  if (limit) find.limit = limit;
  if (batchSize) find.batchSize = batchSize;
  return runCursorCommand<T>(model.db, find, name, session);
}

/** An aggregation's documents, on the same terms as readLean. */
function aggregateLean<T extends Record<string, unknown>>(
  model: LeanModel,
  pipeline: Record<string, unknown>[],
): Promise<T[]> {
  const session = transactionSession(model);
  if (!commandReadsLikeCursor(model.db)) {
    return model.collection.aggregate<T>(pipeline, session ? { session } : {}).toArray();
  }
  const name = model.collection.collectionName;
  return runCursorCommand<T>(model.db, { aggregate: name, pipeline, cursor: {} }, name, session);
}

/** `countDocuments` straight through the driver (its pipeline), on the same terms as readLean. */
export async function countLean(
  model: LeanModel,
  filter: Record<string, unknown>,
): Promise<number> {
  const pipeline = [{ $match: filter }, { $group: { _id: 1, n: { $sum: 1 } } }];
  const [out] = await aggregateLean<{ n: number }>(model, pipeline);
  return out?.n ?? 0;
}

/** A page of documents and how many documents match the filter in all. */
export interface PageAndTotal<T> {
  rows: T[];
  total: number;
}

/**
 * The pipeline readPageAndTotal sends: the filter, then a `$facet` of the page (sort, skip,
 * limit, projection, as readLean's options mean them) and a `$count` of every match.
 */
export function pageAndTotalPipeline(
  filter: Record<string, unknown>,
  { sort, skip, limit, projection }: LeanReadOptions,
): Record<string, unknown>[] {
  const page: Record<string, unknown>[] = [];
  if (sort) page.push({ $sort: sort });
  if (skip) page.push({ $skip: skip });
  if (limit) page.push({ $limit: limit });
  if (projection) page.push({ $project: projection });
  return [{ $match: filter }, { $facet: { rows: page, total: [{ $count: 'n' }] } }];
}

/**
 * readLean's page and countLean's total in one round trip (a search's page and its
 * `pagination.total`). MongoDB reads the matches once for both instead of once per command
 * (a `$text` query fetches every candidate either way); the dev DB answers this shape with its
 * planner's page and count (devdb `engine/page-and-total.ts`). Same terms as readLean: stored
 * types in the filter, documents as stored, the transaction's session inside inTransaction.
 */
export async function readPageAndTotal<T>(
  model: LeanModel,
  filter: Record<string, unknown>,
  options: LeanReadOptions,
): Promise<PageAndTotal<T>> {
  const [out] = await aggregateLean<{ rows: T[]; total: { n: number }[] }>(
    model,
    pageAndTotalPipeline(filter, options),
  );
  return { rows: out?.rows ?? [], total: out?.total[0]?.n ?? 0 };
}
