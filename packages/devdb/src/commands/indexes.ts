import type { Doc } from '../bson.js';
import { CommandError, badValue, notFound, notInTransaction } from '../errors.js';
import { defaultIndexName, type IndexSpec } from '../indexes/index.js';
import { isPlainObject, keyOf, renderValue } from '../engine/values.js';
import { fixTextSpec, isTextKey } from '../text/text-spec.js';
import type { Collection } from '../engine/collection.js';
import { collName, type Handler } from './context.js';
import { runPausingWrite } from './write-pauses.js';

const INDEX_OPTIONS = ['unique', 'sparse', 'partialFilterExpression', 'expireAfterSeconds'];

function normalizeSpec(raw: unknown): IndexSpec {
  if (!isPlainObject(raw) || !isPlainObject(raw.key) || Object.keys(raw.key).length === 0) {
    throw badValue('index specification must have a non-empty key document');
  }
  const name = typeof raw.name === 'string' ? raw.name : defaultIndexName(raw.key);
  if (isTextKey(raw.key)) return fixTextSpec(raw, name) as IndexSpec;
  for (const [field, dir] of Object.entries(raw.key)) {
    // Other special index types are stored (so models declaring them still start) but only
    // answer as plain indexes; $near queries are rejected by the matcher.
    if (typeof dir === 'string' && !['hashed', '2dsphere', '2d'].includes(dir)) {
      throw new CommandError(
        67,
        'CannotCreateIndex',
        `Index type '${dir}' on '${field}' is not supported by devdb`,
      );
    }
  }
  const spec: IndexSpec = {
    v: 2,
    key: raw.key,
    name,
  };
  for (const opt of INDEX_OPTIONS)
    if (raw[opt] !== undefined && raw[opt] !== false) spec[opt] = raw[opt];
  if (spec.unique !== undefined) spec.unique = true;
  return spec;
}

/** Options that make two specs with the same key different indexes (text ones: its definition). */
const COMPARED_OPTIONS = [...INDEX_OPTIONS, 'weights', 'default_language', 'language_override'];

const sameOptions = (a: IndexSpec, b: IndexSpec): boolean =>
  COMPARED_OPTIONS.every((o) => keyOf(a[o]) === keyOf(b[o]));

/** Whether `spec` is to be built: false if it exists already; conflicting specs are errors. */
function toCreate(coll: Collection, spec: IndexSpec): boolean {
  const existing = coll.indexSpecs();
  const sameName = existing.find((e) => e.name === spec.name);
  const sameKey = existing.find((e) => keyOf(e.key) === keyOf(spec.key));
  if (sameName && keyOf(sameName.key) !== keyOf(spec.key)) {
    throw new CommandError(
      86,
      'IndexKeySpecsConflict',
      `An existing index has the same name as the requested index but different key: ${spec.name}`,
    );
  }
  if (!sameKey) {
    const text = existing.find((e) => isTextKey(e.key));
    if (text && isTextKey(spec.key)) {
      throw new CommandError(
        67,
        'CannotCreateIndex',
        `only one text index per collection allowed, found existing text index "${text.name}"`,
      );
    }
    return true;
  }
  if (sameKey.name !== spec.name && isTextKey(spec.key)) {
    // What MongoDB 7 answers for a second text index (the key is always _fts/_ftsx).
    if (sameOptions(sameKey, spec)) {
      throw new CommandError(
        85,
        'IndexOptionsConflict',
        `Index already exists with a different name: ${sameKey.name}`,
      );
    }
    throw new CommandError(
      85,
      'IndexOptionsConflict',
      `An equivalent index already exists with a different name and options. Requested index: ${renderValue(spec)}, existing index: ${renderValue(sameKey)}`,
    );
  }
  if (sameKey.name === '_id_' || (sameKey.name === spec.name && sameOptions(sameKey, spec)))
    return false;
  throw new CommandError(
    85,
    'IndexOptionsConflict',
    `An equivalent index already exists with the same name but different options. Requested index: ${spec.name}, existing index: ${sameKey.name}`,
  );
}

export const indexCommands: Record<string, Handler> = {
  createIndexes(cmd, ctx) {
    const name = collName(cmd, 'createIndexes');
    if (!Array.isArray(cmd.indexes)) throw badValue('createIndexes requires an indexes array');
    const specs = (cmd.indexes as unknown[]).map(normalizeSpec);
    const created = !ctx.store.collection(ctx.db, name);
    const coll = ctx.store.ensureCollection(ctx.db, name);
    const before = coll.indexSpecs().length;
    return runPausingWrite(ctx, function* (pauses) {
      for (const spec of specs) {
        if (!toCreate(coll, spec)) continue;
        // A transaction may only index a collection it created and has not written to yet.
        if (ctx.txn && !(ctx.txn.createdCollection(coll.ns) && coll.docs.size === 0)) {
          throw notInTransaction(
            `Cannot create new indexes on existing collection ${coll.ns} in a multi-document transaction.`,
          );
        }
        // After the build's pauses: the collection still there, the index still missing.
        const ready = (): boolean => {
          pauses.check(coll);
          return toCreate(coll, spec);
        };
        yield* coll.createIndexPausing(spec, pauses.slice, ready);
      }
      const after = coll.indexSpecs().length;
      const reply: Doc = {
        numIndexesBefore: before,
        numIndexesAfter: after,
        createdCollectionAutomatically: created,
        ok: 1,
      };
      if (before === after) reply.note = 'all indexes already exist';
      return reply;
    });
  },

  listIndexes(cmd, ctx) {
    const name = collName(cmd, 'listIndexes');
    const coll = ctx.store.collection(ctx.db, name);
    if (!coll) throw notFound(`ns does not exist: ${ctx.db}.${name}`);
    return {
      cursor: ctx.cursors.first(`${ctx.db}.$cmd.listIndexes`, coll.indexSpecs(), undefined),
      ok: 1,
    };
  },

  dropIndexes(cmd, ctx) {
    const name = collName(cmd, Object.keys(cmd)[0]!);
    const coll = ctx.store.collection(ctx.db, name);
    if (!coll) throw notFound(`ns not found ${ctx.db}.${name}`);
    const nIndexesWas = coll.indexSpecs().length;
    const target = cmd.index;
    const names: string[] = [];
    if (target === '*') names.push(...coll.indexes.keys());
    else if (typeof target === 'string') names.push(target);
    else if (Array.isArray(target)) names.push(...target.map(String));
    else if (isPlainObject(target)) {
      const match = coll.indexSpecs().find((s) => keyOf(s.key) === keyOf(target));
      if (!match)
        throw new CommandError(
          27,
          'IndexNotFound',
          `can't find index with key: ${JSON.stringify(target)}`,
        );
      names.push(match.name);
    }
    for (const n of names) {
      if (n === '_id_') throw new CommandError(72, 'InvalidOptions', 'cannot drop _id index');
      if (!coll.indexes.has(n))
        throw new CommandError(27, 'IndexNotFound', `index not found with name [${n}]`);
    }
    for (const n of names) coll.dropIndex(n);
    return { nIndexesWas, ok: 1 };
  },
};
indexCommands.deleteIndexes = indexCommands.dropIndexes!;
