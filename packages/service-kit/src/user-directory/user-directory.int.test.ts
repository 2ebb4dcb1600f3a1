import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Types, type Connection } from 'mongoose';
import { Subjects, createEvent } from '@forum/contracts';
import { connectMongo } from '../mongo.js';
import { captureLogs, startDevDb, type TestDevDb } from '../testing/index.js';
import {
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
});
