import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mongoose, { Types } from 'mongoose';
import { MESSAGING_SHARD_KEYS } from './models/shard-keys.js';
import { newId, startHarness, type Harness } from './test-support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

const indexesOf = async (collection: string) => h.service.conn.collection(collection).indexes();

describe('shard keys', () => {
  it.each(Object.entries(MESSAGING_SHARD_KEYS))(
    '%s: every unique index starts with the shard key',
    async (collection, shardKey) => {
      const fields = Object.keys(shardKey);
      const hashed = Object.values(shardKey).includes('hashed' as never);
      for (const index of await indexesOf(collection)) {
        if (!index.unique || index.name === '_id_') continue;
        expect(hashed, `${collection}.${index.name}: no unique index on a hashed key`).toBe(false);
        expect(Object.keys(index.key).slice(0, fields.length), index.name).toEqual(fields);
      }
    },
  );
});

describe('notifications on an existing database', () => {
  it('drops the old (source_event_id, user_id) unique index at start-up; redeliveries stay no-ops', async () => {
    await h.stop();
    // What an earlier version left: its unique index next to the data.
    const earlier = await mongoose
      .createConnection(h.devdb.uri, { dbName: h.config.MONGO_DB })
      .asPromise();
    await earlier
      .collection('notifications')
      .createIndex({ source_event_id: 1, user_id: 1 }, { unique: true });
    await earlier.close();
    await h.start();
    const names = (await indexesOf('notifications')).map((i) => i.name);
    expect(names).not.toContain('source_event_id_1_user_id_1');
    expect(names).toContain('user_id_1_source_event_id_1');

    const doc = {
      user_id: new Types.ObjectId(),
      type: 'badge_earned' as const,
      title: 'Once',
      content: '',
      created_at: new Date(),
      source_event_id: newId(),
      count: 1,
      source_event_ids: [],
    };
    await h.models.Notification.create(doc);
    await expect(h.models.Notification.create({ ...doc, _id: undefined })).rejects.toMatchObject({
      code: 11000,
    });
    // The same event for another user is another notification.
    await h.models.Notification.create({ ...doc, user_id: new Types.ObjectId() });
  });
});
