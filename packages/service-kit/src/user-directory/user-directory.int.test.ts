import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Types, type Connection } from 'mongoose';
import { Subjects, createEvent } from '@forum/contracts';
import { connectMongo } from '../mongo.js';
import { captureLogs, startDevDb, type TestDevDb } from '../testing/index.js';
import { ensureIndexes } from '../indexes.js';
import {
  DIRECTORY_USERS_SHARD_KEY,
  createDirectoryActiveUserCache,
  defineDirectoryUserModel,
  isDirectoryUserActive,
  recordRegisteredUser,
  updateDirectoryUser,
} from './index.js';

const { logger } = captureLogs('user-directory-test');
let devdb: TestDevDb;
let conn: Connection;

beforeAll(async () => {
  devdb = await startDevDb();
  conn = await connectMongo(devdb.uri, devdb.dbName('userdir'), logger, {
    serverSelectionTimeoutMS: 500,
  });
});
afterAll(async () => {
  await conn?.close();
  await devdb?.stop();
});

const registered = (userId: string, username: string, at: string) =>
  createEvent(
    Subjects.UserRegistered,
    { user_id: userId, username, avatar_url: null, created_at: at, referred_by_user_id: null },
    new Date(at),
  );
const updated = (
  userId: string,
  username: string,
  at: string,
  extra: { avatar_url?: string | null; is_active?: boolean },
) =>
  createEvent(
    Subjects.UserUpdated,
    { user_id: userId, username, avatar_url: null, ...extra },
    new Date(at),
  );

describe('user directory', () => {
  it('keeps the directory_users collection and reuses the compiled model', () => {
    const model = defineDirectoryUserModel(conn);
    expect(model.collection.collectionName).toBe('directory_users');
    expect(defineDirectoryUserModel(conn)).toBe(model);
  });

  it('accepts extra fields, a collection and a model name', async () => {
    const model = defineDirectoryUserModel<{ karma: number }>(conn, {
      extraFields: { karma: { type: Number, default: 0 } },
      collection: 'other_directory',
      modelName: 'OtherDirectoryUser',
    });
    expect(model.collection.collectionName).toBe('other_directory');
    const id = new Types.ObjectId().toHexString();
    await recordRegisteredUser(model, registered(id, 'Extra', '2026-01-01T00:00:00.000Z'));
    expect(await model.findById(id).lean()).toMatchObject({ username: 'Extra', karma: 0 });
  });

  it('records, updates (newest wins) and answers is-active', async () => {
    const model = defineDirectoryUserModel(conn);
    const id = new Types.ObjectId().toHexString();
    // The update arrives first: the user is added, registration fills in the real date later.
    await updateDirectoryUser(
      model,
      updated(id, 'Alice', '2026-01-02T00:00:00.000Z', { avatar_url: '/a.webp', is_active: false }),
    );
    await recordRegisteredUser(model, registered(id, 'Alice', '2026-01-01T00:00:00.000Z'));
    // An older update is ignored.
    await updateDirectoryUser(
      model,
      updated(id, 'Alice', '2026-01-01T12:00:00.000Z', { is_active: true }),
    );
    const doc = await model.findById(id).lean();
    expect(doc).toMatchObject({
      username_lower: 'alice',
      avatar_url: '/a.webp',
      is_active: false,
      registered_at: new Date('2026-01-01T00:00:00.000Z'),
    });
    expect(await isDirectoryUserActive(model, id)).toBe(false);
    expect(await isDirectoryUserActive(model, new Types.ObjectId().toHexString())).toBe(true);
    expect(await isDirectoryUserActive(model, 'not-an-id')).toBe(true);

    const cache = createDirectoryActiveUserCache(model);
    expect(await cache.isActive(id)).toBe(false);
    await updateDirectoryUser(
      model,
      updated(id, 'Alice', '2026-01-03T00:00:00.000Z', { is_active: true }),
    );
    expect(await cache.isActive(id)).toBe(false); // cached
    cache.forget(id);
    expect(await cache.isActive(id)).toBe(true);
  });

  it('is sharded by a hashed _id: no unique index but _id, usernames only looked up', async () => {
    expect(DIRECTORY_USERS_SHARD_KEY).toEqual({ _id: 'hashed' });
    const model = defineDirectoryUserModel(conn);
    expect(model.schema.indexes()).toEqual([[{ username_lower: 1 }, expect.anything()]]);
    expect(model.schema.indexes().filter(([, options]) => options?.unique)).toEqual([]);
  });

  it('replaces the unique username index of earlier versions, and its upserts by id still hold', async () => {
    const own = await connectMongo(devdb.uri, devdb.dbName('userdir_old'), logger);
    try {
      const users = own.collection('directory_users');
      await users.createIndex({ username_lower: 1 }, { unique: true });
      const bob = new Types.ObjectId().toHexString();
      await users.insertOne({
        _id: new Types.ObjectId(bob),
        username: 'Bob',
        username_lower: 'bob',
        avatar_url: null,
        registered_at: new Date('2026-02-01T00:00:00.000Z'),
        updated_at: new Date('2026-02-01T00:00:00.000Z'),
      });
      const model = defineDirectoryUserModel(own);
      const built = await ensureIndexes(own, logger);
      expect(built.find((b) => b.collection === 'directory_users')?.replaced).toEqual([
        'username_lower_1',
      ]);
      const index = (await users.indexes()).find((i) => i.name === 'username_lower_1');
      expect(index).toMatchObject({ key: { username_lower: 1 } });
      expect(index?.unique).toBeUndefined();

      // Every write names the whole shard key (_id); replays and late registrations change nothing.
      const event = registered(bob, 'Bob', '2026-02-01T00:00:00.000Z');
      await recordRegisteredUser(model, event);
      await recordRegisteredUser(model, event);
      await updateDirectoryUser(
        model,
        updated(bob, 'Bob', '2026-02-02T00:00:00.000Z', { avatar_url: '/b.webp' }),
      );
      const carol = new Types.ObjectId().toHexString();
      await updateDirectoryUser(
        model,
        updated(carol, 'Carol', '2026-02-02T00:00:00.000Z', { is_active: false }),
      );
      await recordRegisteredUser(model, registered(carol, 'Carol', '2026-02-01T00:00:00.000Z'));
      const docs = await model.find({}, { username_lower: 1, avatar_url: 1, is_active: 1 }).lean();
      expect(docs.map((d) => [String(d._id), d.username_lower, d.avatar_url, d.is_active])).toEqual(
        expect.arrayContaining([
          [bob, 'bob', '/b.webp', undefined],
          [carol, 'carol', null, false],
        ]),
      );
      expect(docs).toHaveLength(2);
      expect(await model.findOne({ username_lower: 'carol' }).lean()).toMatchObject({
        username: 'Carol',
        registered_at: new Date('2026-02-01T00:00:00.000Z'),
      });
    } finally {
      await own.db?.dropDatabase().catch(() => undefined);
      await own.close();
    }
  });
});
