import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { start, type DevDb, type StartOptions } from '../server.js';

/** Set MONGO_URL to run the conformance suite against a real MongoDB instead of devdb. */
export const realMongoUrl = process.env.MONGO_URL;
export const usingDevDb = !realMongoUrl;

export interface TestDb {
  conn: mongoose.Connection;
  dbName: string;
  uri: string;
  /** The dev server (undefined against a real MongoDB). */
  server: DevDb | undefined;
  /** Drops the test database, closes the connection and stops the dev server. */
  close(): Promise<void>;
}

/** A mongoose connection to a fresh, randomly named database. */
export async function openTestDb(options: StartOptions = {}): Promise<TestDb> {
  const server = usingDevDb ? await start({ ttlIntervalMs: 200, ...options }) : undefined;
  const uri = server ? server.uri : realMongoUrl!;
  const dbName = `devdb_test_${randomBytes(4).toString('hex')}`;
  const conn = await mongoose.createConnection(uri, { dbName, maxPoolSize: 50 }).asPromise();
  return {
    conn,
    dbName,
    uri,
    server,
    async close() {
      await conn.dropDatabase();
      await conn.close();
      await server?.stop();
    },
  };
}

/** Native collection handle (bypasses mongoose casting), for wire-level assertions. */
export function raw(db: TestDb, name: string): mongoose.mongo.Collection {
  return db.conn.db!.collection(name);
}

/** A second, independent driver client to the same server (its own pool and sessions). */
export async function newClient(
  db: TestDb,
  options: mongoose.mongo.MongoClientOptions = {},
): Promise<mongoose.mongo.MongoClient> {
  return new mongoose.mongo.MongoClient(db.uri, options).connect();
}

/** The first `host:port` of a mongodb:// URI. */
export function firstHost(uri: string): { host: string; port: number } {
  const hosts = uri.replace(/^mongodb:\/\//, '').split(/[/?]/)[0]!;
  const first = hosts.split(',')[0]!.replace(/^.*@/, '');
  const m = /^\[?([^\]]+?)\]?(?::(\d+))?$/.exec(first)!;
  return { host: m[1]!, port: Number(m[2] ?? 27017) };
}

/** `uri` with the query option `name=value` set (any earlier query is kept). */
export function withUriOption(uri: string, name: string, value: string): string {
  const [base, query] = uri.split('?');
  const params = new URLSearchParams(query ?? '');
  params.set(name, value);
  return `${base!.includes('/', 'mongodb://'.length) ? base : `${base}/`}?${params}`;
}

/** Resolves after `ms`. */
export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
