import type { AsyncLocalStorage } from 'node:async_hooks';
import type { ClientSession, Model } from 'mongoose';

export interface LeanReadOptions {
  projection?: Record<string, 0 | 1 | { $meta: 'textScore' }>;
  /** Directions, or `{ $meta: 'textScore' }` after a `$text` filter (the server's own sort). */
  sort?: Record<string, 1 | -1 | { $meta: 'textScore' }>;
  skip?: number;
  /** 0 or absent: no limit (the driver's meaning). */
  limit?: number;
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
 */
export function readLean<T>(
  model: LeanModel,
  filter: Record<string, unknown>,
  options: LeanReadOptions = {},
): Promise<T[]> {
  const session = transactionSession(model);
  return model.collection
    .find(filter, session ? { ...options, session } : options)
    .toArray() as Promise<T[]>;
}

/** `countDocuments` straight through the driver, on the same terms as readLean. */
export function countLean(model: LeanModel, filter: Record<string, unknown>): Promise<number> {
  const session = transactionSession(model);
  return model.collection.countDocuments(filter, session ? { session } : {});
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
  const session = transactionSession(model);
  const [out] = await model.collection
    .aggregate<{ rows: T[]; total: { n: number }[] }>(
      pageAndTotalPipeline(filter, options),
      session ? { session } : {},
    )
    .toArray();
  return { rows: out?.rows ?? [], total: out?.total[0]?.n ?? 0 };
}
