import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { start, type DevDb } from '../server.js';

/** Set MONGO_URL to run the conformance suite against a real MongoDB instead of devdb. */
export const realMongoUrl = process.env.MONGO_URL;
export const usingDevDb = !realMongoUrl;

export interface TestDb {
  conn: mongoose.Connection;
  dbName: string;
  uri: string;
  /** The dev server (undefined against a real MongoDB). */
  server: DevDb | undefined;
  close(): Promise<void>;
}

/** A mongoose connection to a fresh, randomly named database. */
export async function openTestDb(options: { ttlIntervalMs?: number } = {}): Promise<TestDb> {
  const server = usingDevDb
    ? await start({ ttlIntervalMs: options.ttlIntervalMs ?? 200 })
    : undefined;
  const uri = server ? server.uri : realMongoUrl!;
  const dbName = `devdb_test_${randomBytes(4).toString('hex')}`;
  const conn = await mongoose.createConnection(uri, { dbName, maxPoolSize: 50 }).asPromise();
  return {
    conn,
    dbName,
    uri,
    server,
    async close() {
      if (!server) await conn.dropDatabase();
      await conn.close();
      await server?.stop();
    },
  };
}

/** Native collection handle (bypasses mongoose casting), for wire-level assertions. */
export function raw(db: TestDb, name: string): mongoose.mongo.Collection {
  return db.conn.db!.collection(name);
}
