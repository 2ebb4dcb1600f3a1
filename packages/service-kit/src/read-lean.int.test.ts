import mongoose, { Schema, Types, type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevDb, type TestDevDb } from './testing/index.js';
import { inTransaction } from './transactions.js';
import { countLean, readLean, readPageAndTotal } from './read-lean.js';
import { commandReadsLikeCursor } from './cursor-command.js';
import { connectMongo } from './mongo.js';
import { captureLogs } from './testing/index.js';

let devdb: TestDevDb;
let conn: Connection;

const blockSchema = new Schema({
  blocker_id: Schema.Types.ObjectId,
  blocked_id: Schema.Types.ObjectId,
  blocked: Boolean,
  changed_at: Date,
  version: Number,
});
const blockModels = (c: Connection) => ({ Block: c.model('Block', blockSchema) });
let models: ReturnType<typeof blockModels>;

beforeAll(async () => {
  devdb = await startDevDb();
  conn = await mongoose.createConnection(devdb.uri, { dbName: devdb.dbName('lean') }).asPromise();
  models = blockModels(conn);
  await models.Block.createCollection();
});

afterAll(async () => {
  await conn?.close();
  await devdb?.stop();
});

const block = (blocker: Types.ObjectId) => ({
  blocker_id: blocker,
  blocked_id: new Types.ObjectId(),
  blocked: true,
  changed_at: new Date(),
  version: 1,
});

describe('readLean', () => {
  it('reads as lean() does: the stored documents, projected, sorted and limited', async () => {
    const blocker = new Types.ObjectId();
    await models.Block.insertMany([block(blocker), block(blocker), block(blocker)]);
    const filter = { blocker_id: blocker, blocked: true };
    const options = { projection: { blocked_id: 1 }, sort: { blocked_id: -1 }, limit: 2 } as const;
    const viaMongoose = await models.Block.find(filter, options.projection)
      .sort(options.sort)
      .limit(options.limit)
      .lean();
    const direct = await readLean(models.Block, filter, options);
    expect(direct).toHaveLength(2);
    expect(direct).toEqual(viaMongoose);
  });

  it("reads in the transaction's session inside inTransaction, as a model call does", async () => {
    const blocker = new Types.ObjectId();
    const seen = await inTransaction(conn, async (session) => {
      await models.Block.create([block(blocker)], { session });
      // Written in the transaction, not committed yet: only its session sees it.
      return readLean(models.Block, { blocker_id: blocker, blocked: true });
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ blocker_id: blocker, blocked: true });
  });

  it("counts as countDocuments does, in the transaction's session inside inTransaction", async () => {
    const blocker = new Types.ObjectId();
    await models.Block.insertMany([block(blocker), block(blocker)]);
    const filter = { blocker_id: blocker };
    expect(await countLean(models.Block, filter)).toBe(await models.Block.countDocuments(filter));
    const inside = await inTransaction(conn, async (session) => {
      await models.Block.create([block(blocker)], { session });
      return countLean(models.Block, filter);
    });
    expect(inside).toBe(3);
  });

  it('reads a page and its total in one call, as readLean and countLean do, in a transaction', async () => {
    const blocker = new Types.ObjectId();
    await models.Block.insertMany(Array.from({ length: 5 }, () => block(blocker)));
    const filter = { blocker_id: blocker, blocked: true };
    const options = {
      projection: { blocked_id: 1 },
      sort: { blocked_id: -1 },
      skip: 1,
      limit: 2,
    } as const;
    const both = await readPageAndTotal(models.Block, filter, options);
    expect(both.rows).toHaveLength(2);
    expect(both).toEqual({
      rows: await readLean(models.Block, filter, options),
      total: await countLean(models.Block, filter),
    });
    expect(await readPageAndTotal(models.Block, { blocker_id: new Types.ObjectId() }, {})).toEqual({
      rows: [],
      total: 0,
    });
    const inside = await inTransaction(conn, async (session) => {
      await models.Block.create([block(blocker)], { session });
      return readPageAndTotal(models.Block, filter, { limit: 1 });
    });
    expect(inside.rows).toHaveLength(1);
    expect(inside.total).toBe(6);
  });
});

describe('readLean as a find command (cursor-command.ts)', () => {
  const withParam = (uri: string, param: string) =>
    `${uri}${uri.includes('?') ? '&' : '?'}${param}`;

  it('reads every batch, getMore after getMore, in and out of a transaction', async () => {
    const blocker = new Types.ObjectId();
    await models.Block.insertMany(Array.from({ length: 7 }, () => block(blocker)));
    const filter = { blocker_id: blocker };
    const sort = { blocked_id: 1 } as const;
    const all = await models.Block.find(filter).sort(sort).lean();
    expect(await readLean(models.Block, filter, { sort, batchSize: 2 })).toEqual(all);
    // A limit past one batch: the cursor is read to the limit, not to the first batch.
    expect(await readLean(models.Block, filter, { sort, limit: 5, batchSize: 2 })).toEqual(
      all.slice(0, 5),
    );
    const inside = await inTransaction(conn, async (session) => {
      await models.Block.create([block(blocker)], { session });
      // The getMores run in the transaction's session: its uncommitted write is in the last batch.
      return readLean(models.Block, filter, { batchSize: 3 });
    });
    expect(inside).toHaveLength(8);
  });

  it("keeps the driver's cursor for a client told another read preference or a read concern", async () => {
    expect(commandReadsLikeCursor(conn)).toBe(true);
    const blocker = new Types.ObjectId();
    await models.Block.insertMany([block(blocker), block(blocker)]);
    for (const param of ['readPreference=primaryPreferred', 'readConcernLevel=majority']) {
      const other = await mongoose
        .createConnection(withParam(devdb.uri, param), { dbName: conn.name })
        .asPromise();
      try {
        expect(commandReadsLikeCursor(other)).toBe(false);
        const { Block } = blockModels(other);
        const filter = { blocker_id: blocker };
        const rows = await readLean(Block, filter);
        expect(rows).toEqual(await readLean(models.Block, filter));
        expect(rows).toHaveLength(2);
        // The aggregations take the driver's cursor too.
        expect(await countLean(Block, filter)).toBe(2);
        expect(await readPageAndTotal(Block, filter, { limit: 1 })).toEqual(
          await readPageAndTotal(models.Block, filter, { limit: 1 }),
        );
      } finally {
        await other.close();
      }
    }
  });

  it("keeps mongoose's path while mongoose is asked to report the connection's operations", async () => {
    const seen: string[] = [];
    conn.set('debug', (collection: string, method: string) => seen.push(`${collection}.${method}`));
    try {
      expect(commandReadsLikeCursor(conn)).toBe(false);
      await readLean(models.Block, { blocker_id: new Types.ObjectId() });
      expect(seen).toEqual(['blocks.find']);
    } finally {
      conn.set('debug', false);
    }
    expect(commandReadsLikeCursor(conn)).toBe(true);
  });

  /** Reads in flight while the primary steps down (its connections closed under them). */
  const readsDuringStepDown = async (params?: string) => {
    const own = await startDevDb();
    const { logger } = captureLogs('read-lean-failover');
    const uri = params ? withParam(own.uri, params) : own.uri;
    const c = await connectMongo(uri, own.dbName('lean_failover'), logger);
    const admin = await connectMongo(own.uri, 'admin', logger);
    try {
      const { Block } = blockModels(c);
      const blocker = new Types.ObjectId();
      await Block.insertMany(Array.from({ length: 3 }, () => block(blocker)));
      const reads = Array.from({ length: 20 }, () => readLean(Block, { blocker_id: blocker }));
      await admin.db!.admin().command({ replSetStepDown: 1, force: true });
      reads.push(readLean(Block, { blocker_id: blocker }));
      return await Promise.allSettled(reads);
    } finally {
      await c.close(true);
      await admin.close(true);
      await own.stop();
    }
  };

  it('reads again when a failover cuts the read off (as the driver retries a read)', async () => {
    for (const read of await readsDuringStepDown()) {
      expect(read.status).toBe('fulfilled');
      expect(read.status === 'fulfilled' && read.value).toHaveLength(3);
    }
  }, 30_000);

  it('does not read again for a client given retryReads=false', async () => {
    const reads = await readsDuringStepDown('retryReads=false');
    expect(reads.some((read) => read.status === 'rejected')).toBe(true);
  }, 30_000);
});
