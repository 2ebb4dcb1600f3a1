import mongoose, { Types, type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '@forum/service-kit';
import { startDevDb, type TestDevDb } from '@forum/service-kit/testing';
import { createForumModels, type ForumModels } from './index.js';
import { readLean } from './read-lean.js';

let devdb: TestDevDb;
let conn: Connection;
let models: ForumModels;

beforeAll(async () => {
  devdb = await startDevDb();
  conn = await mongoose.createConnection(devdb.uri, { dbName: devdb.dbName('lean') }).asPromise();
  models = createForumModels(conn);
  await models.Block.createIndexes();
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
});
