import type { Doc } from '../bson.js';
import { CommandError } from '../errors.js';
import type { IndexSpec } from '../indexes/index.js';
import { Collection, type WriteLog } from './collection.js';

const noLog: WriteLog = { append: () => {} };

/** All databases of one server. Every mutation goes through here or a Collection. */
export class Store {
  readonly dbs = new Map<string, Map<string, Collection>>();
  /** When the last mutation happened (epoch ms): the replica set's `lastWrite`. */
  lastWriteAt = Date.now();
  /** The durable log (the journal, or nothing without a data dir). */
  private journal: WriteLog = noLog;
  /** Where mutations go right now: the journal, or a transaction while one of its commands runs. */
  private current: WriteLog = noLog;
  private readonly log: WriteLog = {
    append: (record, before) => {
      this.lastWriteAt = Date.now();
      this.current.append(record, before);
    },
  };

  /** Set during start-up recovery: collections defer their index builds (see buildIndexes). */
  private bulkLoading = false;

  /**
   * Runs `fn` (the replay of a snapshot and journal) with index keys left out, then builds
   * each index once over the recovered documents.
   */
  bulkLoad<T>(fn: () => T): T {
    this.bulkLoading = true;
    for (const colls of this.dbs.values()) for (const c of colls.values()) c.deferIndexes = true;
    try {
      return fn();
    } finally {
      this.bulkLoading = false;
      for (const colls of this.dbs.values()) for (const c of colls.values()) c.buildIndexes();
    }
  }

  setLog(log: WriteLog): void {
    this.journal = this.current = log;
  }

  /** Runs `fn` (one command of a transaction) with its mutations sent to `log` instead. */
  withLog<T>(log: WriteLog, fn: () => T): T {
    const prev = this.current;
    this.current = log;
    try {
      return fn();
    } finally {
      this.current = prev;
    }
  }

  /**
   * Journals a committed transaction's records as one record, so that recovery applies all
   * of them or (torn or corrupt) none.
   */
  journalBatch(ops: Doc[]): void {
    if (ops.length) this.journal.append({ op: 'batch', ops });
  }

  collection(db: string, name: string): Collection | undefined {
    return this.dbs.get(db)?.get(name);
  }

  /** Collections are created implicitly by the first write, as in MongoDB. */
  ensureCollection(db: string, name: string): Collection {
    return this.collection(db, name) ?? this.createCollection(db, name, {});
  }

  createCollection(db: string, name: string, options: Doc, logIt = true): Collection {
    validateName(db, name);
    let colls = this.dbs.get(db);
    if (!colls) this.dbs.set(db, (colls = new Map()));
    if (colls.has(name)) {
      throw new CommandError(48, 'NamespaceExists', `Collection ${db}.${name} already exists.`);
    }
    const coll = new Collection(db, name, () => this.log, options);
    coll.deferIndexes = this.bulkLoading;
    colls.set(name, coll);
    if (logIt) this.log.append({ op: 'createColl', db, c: name, options });
    return coll;
  }

  dropCollection(db: string, name: string, logIt = true): boolean {
    const colls = this.dbs.get(db);
    if (!colls?.delete(name)) return false;
    if (colls.size === 0) this.dbs.delete(db);
    if (logIt) this.log.append({ op: 'dropColl', db, c: name });
    return true;
  }

  dropDatabase(db: string, logIt = true): void {
    if (!this.dbs.delete(db)) return;
    if (logIt) this.log.append({ op: 'dropDb', db });
  }

  /** Replays one journal or snapshot record. Records carry full post-images, so replay is idempotent. */
  apply(rec: Doc): void {
    const db = String(rec.db);
    const c = String(rec.c);
    switch (rec.op) {
      case 'batch':
        for (const op of rec.ops as Doc[]) this.apply(op);
        return;
      case 'createColl':
        if (!this.collection(db, c))
          this.createCollection(db, c, (rec.options as Doc) ?? {}, false);
        return;
      case 'dropColl':
        this.dropCollection(db, c, false);
        return;
      case 'dropDb':
        this.dropDatabase(db, false);
        return;
      case 'put':
        this.loadCollection(db, c).load(rec.doc as Doc);
        return;
      case 'del':
        this.collection(db, c)?.unload(rec.id);
        return;
      case 'createIndex': {
        const coll = this.loadCollection(db, c);
        const spec = rec.spec as IndexSpec;
        coll.dropIndex(spec.name, false);
        coll.createIndex(spec, false);
        return;
      }
      case 'dropIndex':
        this.collection(db, c)?.dropIndex(String(rec.name), false);
        return;
    }
  }

  /** The state as a list of records that rebuild it (what a snapshot holds). */
  *records(): Iterable<Doc> {
    for (const [db, colls] of this.dbs) {
      for (const [c, coll] of colls) {
        yield { op: 'createColl', db, c, options: coll.options };
        for (const index of coll.indexes.values())
          yield { op: 'createIndex', db, c, spec: index.spec };
        for (const doc of coll.docs.values()) yield { op: 'put', db, c, doc };
      }
    }
  }

  private loadCollection(db: string, c: string): Collection {
    return this.collection(db, c) ?? this.createCollection(db, c, {}, false);
  }
}

function validateName(db: string, name: string): void {
  if (!db || /[/\\. "$]/.test(db)) {
    throw new CommandError(73, 'InvalidNamespace', `Invalid database name: '${db}'`);
  }
  if (!name || name.includes('$') || name.startsWith('.')) {
    throw new CommandError(73, 'InvalidNamespace', `Invalid collection name: ${db}.${name}`);
  }
}
