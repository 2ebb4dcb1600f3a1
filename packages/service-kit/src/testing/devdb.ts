import { randomUUID } from 'node:crypto';

interface DevDbModule {
  start(opts: { port: number }): Promise<{ uri: string; stop(): Promise<void> }>;
}

export interface TestDevDb {
  /** mongodb:// URL of the server. */
  uri: string;
  /** A fresh database name per call, so suites sharing a server do not collide. */
  dbName(prefix?: string): string;
  stop(): Promise<void>;
}

/**
 * The embedded MongoDB-compatible dev server on a random port, or a real MongoDB when
 * MONGO_URL is set (the suite then runs against it unchanged).
 */
export async function startDevDb(): Promise<TestDevDb> {
  const dbName = (prefix = 'test') => `${prefix}_${randomUUID().slice(0, 8)}`;
  if (process.env.MONGO_URL) {
    return { uri: process.env.MONGO_URL, dbName, stop: async () => undefined };
  }
  // Imported by name at run time so this package type-checks while the dev server evolves.
  const specifier = '@forum/devdb';
  const { start } = (await import(specifier)) as DevDbModule;
  const db = await start({ port: 0 });
  return { uri: db.uri, dbName, stop: () => db.stop() };
}
