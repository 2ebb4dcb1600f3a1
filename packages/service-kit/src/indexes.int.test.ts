import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Schema, type Connection } from 'mongoose';
import { connectMongo } from './mongo.js';
import { ensureIndexes, IndexBuildError } from './indexes.js';
import { captureLogs, startDevDb, type TestDevDb } from './testing/index.js';

const logs = captureLogs('indexes-test');
let devdb: TestDevDb;
const conns: Connection[] = [];

beforeAll(async () => {
  devdb = await startDevDb();
});
afterAll(async () => {
  for (const c of conns) {
    await c.db?.dropDatabase().catch(() => undefined);
    await c.close();
  }
  await devdb?.stop();
});

/** A fresh database: its models are the only ones ensureIndexes sees. */
async function freshConnection(): Promise<Connection> {
  const conn = await connectMongo(devdb.uri, devdb.dbName('indexes'), logs.logger);
  conns.push(conn);
  return conn;
}

const accountSchema = () => {
  const schema = new Schema({ email: String, name: String, created_at: Date });
  schema.index({ email: 1 }, { unique: true });
  schema.index({ name: 1, created_at: -1 });
  return schema;
};

describe('ensureIndexes', () => {
  it("waits for every model's indexes and reports them", async () => {
    const conn = await freshConnection();
    conn.model('Account', accountSchema());
    conn.model('Note', new Schema({ text: { type: String, index: true } }));
    const built = await ensureIndexes(conn, logs.logger);
    expect(Object.fromEntries(built.map((b) => [b.collection, b.indexes]))).toEqual({
      accounts: ['email_1', 'name_1_created_at_-1'],
      notes: ['text_1'],
      processed_events: ['processed_at_1'],
    });
    const names = (await conn.collection('accounts').indexes()).map((i) => i.name);
    expect(names).toEqual(expect.arrayContaining(['email_1', 'name_1_created_at_-1']));
    expect(logs.lines.at(-1)).toMatchObject({ msg: 'indexes of 3 models built' });
  });

  it('fails with the model and the reason when a unique index cannot be built', async () => {
    const conn = await freshConnection();
    await conn.collection('accounts').insertMany([{ email: 'a@x.test' }, { email: 'a@x.test' }]);
    conn.model('Account', accountSchema());
    const err = await ensureIndexes(conn, logs.logger).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(IndexBuildError);
    expect((err as Error).message).toMatch(
      /^Index build failed for Account \(collection accounts\): .*E11000 duplicate key/,
    );
    expect(logs.lines.at(-1)).toMatchObject({
      level: 50,
      msg: 'index build failed',
      failures: [{ model: 'Account', collection: 'accounts' }],
    });
  });

  it('builds again an index the schema now declares with other options', async () => {
    const conn = await freshConnection();
    await conn.collection('accounts').createIndex({ name: 1, created_at: -1 }, { unique: true });
    await conn.collection('accounts').insertMany([
      { email: 'a@x.test', name: 'same' },
      { email: 'b@x.test', name: 'same', created_at: new Date() },
    ]);
    conn.model('Account', accountSchema());
    const built = await ensureIndexes(conn, logs.logger);
    expect(built.find((b) => b.model === 'Account')?.replaced).toEqual(['name_1_created_at_-1']);
    const index = (await conn.collection('accounts').indexes()).find(
      (i) => i.name === 'name_1_created_at_-1',
    );
    expect(index?.unique).toBeUndefined();
  });
});
