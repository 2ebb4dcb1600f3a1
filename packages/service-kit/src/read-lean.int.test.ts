import mongoose, { Schema, Types, type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevDb, type TestDevDb } from './testing/index.js';
import { inTransaction } from './transactions.js';
import { countLean, readLean, readPageAndTotal } from './read-lean.js';

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
