import type { Connection, Model } from 'mongoose';
import type { Logger } from 'pino';
import { defineProcessedEventModel } from './nats/processed-events.js';

/** IndexOptionsConflict / IndexKeySpecsConflict: an index of that name or keys exists, otherwise. */
const CHANGED_INDEX_CODES = new Set([85, 86]);

/** A model's index build failed: start-up stops with this (which model, which error). */
export class IndexBuildError extends Error {
  constructor(readonly failures: { model: string; collection: string; error: string }[]) {
    super(
      `Index build failed for ${failures
        .map((f) => `${f.model} (collection ${f.collection}): ${f.error}`)
        .join('; ')}`,
    );
    this.name = 'IndexBuildError';
  }
}

export interface BuiltIndexes {
  model: string;
  collection: string;
  /** The schema's indexes by name, e.g. `username_lower_1`. */
  indexes: string[];
  /** Indexes the schema now declares with other options, dropped and built again. */
  replaced: string[];
  /** How long the build was waited for. */
  ms: number;
}

const indexName = (keys: Record<string, unknown>, options: { name?: string }) =>
  options.name ??
  Object.entries(keys)
    .map(([field, kind]) => `${field}_${String(kind)}`)
    .join('_');

const hasCode = (err: unknown, codes: Set<number>) =>
  codes.has((err as { code?: unknown }).code as number);

/**
 * Drops the collection's indexes that the schema declares again with other options (unique
 * dropped or added, another TTL...), which MongoDB refuses to build over; returns their names.
 */
async function dropChangedIndexes(model: Model<unknown>): Promise<string[]> {
  const { toDrop } = await model.diffIndexes();
  const declared = new Set(
    model.schema.indexes().map(([keys, options]) => indexName(keys, options)),
  );
  const changed = toDrop.filter((name) => declared.has(name));
  for (const name of changed) await model.collection.dropIndex(name);
  return changed;
}

/** Waits for one model's index build (started when the model was compiled: autoIndex). */
async function buildModelIndexes(model: Model<unknown>): Promise<BuiltIndexes> {
  const started = performance.now();
  let replaced: string[] = [];
  try {
    await model.init();
  } catch (err) {
    if (!hasCode(err, CHANGED_INDEX_CODES)) throw err;
    replaced = await dropChangedIndexes(model);
    if (replaced.length === 0) throw err;
    await model.createIndexes();
  }
  return {
    model: model.modelName,
    collection: model.collection.collectionName,
    indexes: model.schema.indexes().map(([keys, options]) => indexName(keys, options)),
    replaced,
    ms: Math.round(performance.now() - started),
  };
}

/**
 * Waits for the index builds of every model registered on `conn` (and of the kit's own
 * processed_events) and logs them; call it before the service takes requests or events, since
 * code relies on unique indexes ("E11000 means already done"). An index the schema declares with
 * other options than the database has is dropped and built again. Any failure (e.g. a unique
 * index that existing documents violate) is logged and thrown as an IndexBuildError naming the
 * model, so start-up fails.
 */
export async function ensureIndexes(conn: Connection, logger: Logger): Promise<BuiltIndexes[]> {
  const log = logger.child({ component: 'indexes' });
  const started = performance.now();
  // The kit's own collections with indexes, whether or not a consumer has started yet.
  defineProcessedEventModel(conn);
  const models = Object.values(conn.models) as Model<unknown>[];
  const results = await Promise.allSettled(models.map(buildModelIndexes));
  const failures = results.flatMap((result, i) =>
    result.status === 'rejected'
      ? [
          {
            model: models[i]!.modelName,
            collection: models[i]!.collection.collectionName,
            error: (result.reason as Error)?.message ?? String(result.reason),
          },
        ]
      : [],
  );
  if (failures.length) {
    log.error({ failures }, 'index build failed');
    throw new IndexBuildError(failures);
  }
  const built = results.map((r) => (r as PromiseFulfilledResult<BuiltIndexes>).value);
  for (const { collection, replaced } of built) {
    if (replaced.length) log.warn({ collection, replaced }, 'indexes with changed options rebuilt');
  }
  log.info(
    {
      ms: Math.round(performance.now() - started),
      collections: Object.fromEntries(built.map((b) => [b.collection, b.indexes])),
    },
    `indexes of ${built.length} models built`,
  );
  return built;
}
