import { describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import { createForumModels } from './index.js';
import { FORUM_SHARD_KEYS } from './shard-keys.js';

const models = Object.values(createForumModels(mongoose.createConnection())) as unknown as {
  collection: { collectionName: string };
  schema: mongoose.Schema;
}[];

describe('forum shard keys (docs/PRODUCTION.md)', () => {
  it.each(Object.entries(FORUM_SHARD_KEYS))(
    '%s: every unique index starts with the shard key',
    (collection, shardKey) => {
      const model = models.find((m) => m.collection.collectionName === collection);
      expect(model, `a model for ${collection}`).toBeDefined();
      const fields = Object.keys(shardKey);
      const hashed = Object.values(shardKey).includes('hashed' as never);
      const unique = model!.schema
        .indexes()
        .filter(([, options]) => options?.unique)
        .map(([keys]) => Object.keys(keys));
      for (const keys of unique) {
        expect(hashed, `${collection}: no unique index with a hashed key`).toBe(false);
        expect(keys.slice(0, fields.length), `${collection} unique ${keys.join()}`).toEqual(fields);
      }
    },
  );
});
