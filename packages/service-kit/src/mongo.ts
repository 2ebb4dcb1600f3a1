import mongoose, { type Connection } from 'mongoose';
import type { Logger } from 'pino';

export interface ConnectMongoOptions {
  /**
   * How long a query waits for a server before failing. Small, so that while the database is
   * down a request (or the driver's one retry of it) fails with 503 within a second, not after
   * the driver's default 30 s.
   */
  serverSelectionTimeoutMS?: number;
  /** How often the driver checks the server; a dead one is noticed (and /api guarded) this fast. */
  heartbeatFrequencyMS?: number;
  /** Wait (retrying) for the first connection (default true). False returns at once. */
  waitForConnection?: boolean;
}

/**
 * A dedicated connection per service (not the mongoose default singleton), so tests can hold
 * several. Waits for the server at start-up; afterwards the driver reconnects by itself.
 */
export async function connectMongo(
  url: string,
  dbName: string,
  logger: Logger,
  {
    serverSelectionTimeoutMS = 300,
    heartbeatFrequencyMS = 1000,
    waitForConnection = true,
  }: ConnectMongoOptions = {},
): Promise<Connection> {
  const log = logger.child({ component: 'mongo', db: dbName });
  for (;;) {
    const conn = mongoose.createConnection(url, {
      dbName,
      serverSelectionTimeoutMS,
      heartbeatFrequencyMS,
      // Driver 7 retries a failed connection attempt up to twice after a random backoff of up to
      // 200 + 400 ms ("overload" retries): against a dead server that alone pushed the first
      // answer past a second. A service that cannot open a connection answers 503 at once.
      maxAdaptiveRetries: 0,
      // Indexes are declared in the schemas; build them at start-up (ARCHITECTURE §7).
      autoIndex: true,
    });
    conn.on('connected', () => log.info('mongo connected'));
    conn.on('disconnected', () => log.warn('mongo disconnected'));
    conn.on('reconnected', () => log.info('mongo reconnected'));
    conn.on('error', (err: unknown) => log.error({ err }, 'mongo error'));
    if (!waitForConnection) {
      conn
        .asPromise()
        .catch((err: unknown) => log.error({ err }, 'mongo initial connection failed'));
      return conn;
    }
    try {
      return await conn.asPromise();
    } catch (err) {
      // The driver retries a lost connection by itself, but not a first one that never succeeded;
      // retrying here lets services start before the database is up.
      log.warn({ err: (err as Error).message }, 'waiting for MongoDB');
      await conn.close(true).catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

/** True when the server answers a ping within the selection timeout. */
export async function isMongoReady(conn: Connection): Promise<boolean> {
  if (conn.readyState !== 1 || !conn.db) return false;
  try {
    await conn.db.command({ ping: 1 });
    return true;
  } catch {
    return false;
  }
}

/** E11000: the unique index said no, which for idempotent event handlers means "already done". */
export function isDuplicateKeyError(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 11000;
}

/** A contract-validated hex id as an ObjectId (the contracts check the format first). */
export const toObjectId = (id: string) => new mongoose.Types.ObjectId(id);
