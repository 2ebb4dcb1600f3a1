import { makeQuery } from '../engine/mingo.js';
import type { Doc } from '../bson.js';
import { CommandError, badValue } from '../errors.js';
import { ID_INDEX } from '../engine/collection.js';
import { isPlainObject, keyOf } from '../engine/values.js';
import { collName, type Handler } from './context.js';

/** Fields any command may carry that are not options of the command itself. */
const GENERIC_ARGUMENTS = new Set([
  'lsid',
  'txnNumber',
  'autocommit',
  'startTransaction',
  'writeConcern',
  'readConcern',
  'maxTimeMS',
  'comment',
  'apiVersion',
  'apiStrict',
  'apiDeprecationErrors',
]);

export const databaseCommands: Record<string, Handler> = {
  listDatabases(cmd, ctx) {
    const databases = [...ctx.store.dbs.entries()].map(([name, colls]) => {
      let docs = 0;
      for (const c of colls.values()) docs += c.docs.size;
      return { name, sizeOnDisk: docs * 100, empty: docs === 0 };
    });
    const filtered = isPlainObject(cmd.filter)
      ? makeQuery(cmd.filter).find<Doc>(databases).all()
      : databases;
    if (cmd.nameOnly) return { databases: filtered.map((d) => ({ name: d.name })), ok: 1 };
    return {
      databases: filtered,
      totalSize: filtered.reduce((s, d) => s + (d.sizeOnDisk as number), 0),
      ok: 1,
    };
  },

  listCollections(cmd, ctx) {
    const colls = ctx.store.dbs.get(ctx.db) ?? new Map();
    let infos: Doc[] = [...colls.values()].map((c) => ({
      name: c.name,
      type: 'collection',
      options: c.options,
      info: { readOnly: false },
      idIndex: ID_INDEX,
    }));
    if (isPlainObject(cmd.filter) && Object.keys(cmd.filter).length) {
      infos = makeQuery(cmd.filter).find<Doc>(infos).all();
    }
    if (cmd.nameOnly) infos = infos.map((i) => ({ name: i.name, type: i.type }));
    return { cursor: ctx.cursors.first(`${ctx.db}.$cmd.listCollections`, infos, undefined), ok: 1 };
  },

  create(cmd, ctx) {
    const name = collName(cmd, 'create');
    // Options that would change behaviour are refused instead of being silently ignored.
    for (const opt of ['viewOn', 'validator', 'capped', 'timeseries', 'clusteredIndex']) {
      if (cmd[opt] !== undefined && cmd[opt] !== false) {
        throw badValue(`create option '${opt}' is not supported by devdb`);
      }
    }
    const options: Doc = {};
    for (const [k, v] of Object.entries(cmd)) {
      if (k !== 'create' && !k.startsWith('$') && !GENERIC_ARGUMENTS.has(k)) options[k] = v;
    }
    const existing = ctx.store.collection(ctx.db, name);
    // MongoDB 7 answers a re-create with identical options with success.
    if (existing && keyOf(existing.options) === keyOf(options)) return { ok: 1 };
    if (existing) {
      throw new CommandError(
        48,
        'NamespaceExists',
        `Collection ${existing.ns} already exists with different options`,
      );
    }
    ctx.store.createCollection(ctx.db, name, options);
    return { ok: 1 };
  },

  drop(cmd, ctx) {
    const name = collName(cmd, 'drop');
    const coll = ctx.store.collection(ctx.db, name);
    if (!coll) return { ok: 1 };
    const nIndexesWas = coll.indexSpecs().length;
    ctx.store.dropCollection(ctx.db, name);
    return { nIndexesWas, ns: coll.ns, ok: 1 };
  },

  dropDatabase(_cmd, ctx) {
    ctx.store.dropDatabase(ctx.db);
    return { dropped: ctx.db, ok: 1 };
  },

  collStats(cmd, ctx) {
    const coll = ctx.store.collection(ctx.db, collName(cmd, 'collStats'));
    if (!coll) throw new CommandError(26, 'NamespaceNotFound', 'Collection not found');
    return { ns: coll.ns, count: coll.docs.size, nindexes: coll.indexSpecs().length, ok: 1 };
  },

  dbStats(_cmd, ctx) {
    const colls = ctx.store.dbs.get(ctx.db) ?? new Map();
    let objects = 0;
    for (const c of colls.values()) objects += c.docs.size;
    return { db: ctx.db, collections: colls.size, objects, ok: 1 };
  },
};
