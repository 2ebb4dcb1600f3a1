import mongoose, { type ConnectOptions, type Connection } from 'mongoose';
import type { Logger } from 'pino';
import { mongoReachability } from './mongo-reachability.js';

/** How long an operation waits for a primary (an election) by default: under the gateway's 10 s. */
export const DEFAULT_PRIMARY_WAIT_MS = 8_000;

export interface ConnectMongoOptions {
  /**
   * How long an operation waits for a primary before failing (503): the driver's server selection
   * and mongoose's buffering while the replica set has none. An election takes a few seconds, so
   * writes issued meanwhile are delayed, not failed; keep it below the gateway's upstream
   * timeout. A dead database is answered at once by the guard (mongoReachability), not after this.
   */
  serverSelectionTimeoutMS?: number;
  /** How often the driver checks the server; a dead one is noticed (and /api guarded) this fast. */
  heartbeatFrequencyMS?: number;
  /**
   * How long opening a connection may take, and how long past the heartbeat the driver's check
   * of a silent server waits before it reports a timeout (default 30 s, the driver's). Long on
   * purpose: a timed-out check also cuts off the operations in flight (they are retried once),
   * and the guard waits for a server whose check timed out anyway (mongoReachability: slow, not
   * dead). Tests shorten it to make the driver report a paused server within seconds.
   */
  connectTimeoutMS?: number;
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
    serverSelectionTimeoutMS = DEFAULT_PRIMARY_WAIT_MS,
    heartbeatFrequencyMS = 1000,
    connectTimeoutMS = 30_000,
    waitForConnection = true,
  }: ConnectMongoOptions = {},
): Promise<Connection> {
  const log = logger.child({ component: 'mongo', db: dbName });
  for (;;) {
    const options: ConnectOptions & { bufferTimeoutMS: number } = {
      dbName,
      serverSelectionTimeoutMS,
      // mongoose queues model operations while the replica set has no primary: as long.
      bufferTimeoutMS: serverSelectionTimeoutMS,
      heartbeatFrequencyMS,
      connectTimeoutMS,
      // After losing a server the driver checks it again when an operation waits for it, but not
      // sooner than this after the last check (default 500 ms): a member that only closed its
      // connections is found again before the guard's grace (LOST_MEMBER_GRACE_MS) runs out.
      minHeartbeatFrequencyMS: 100,
      // Driver 7 retries a failed connection attempt up to twice after a random backoff of up to
      // 200 + 400 ms ("overload" retries): against a dead server that alone pushed the first
      // answer past a second. A service that cannot open a connection answers 503 at once.
      maxAdaptiveRetries: 0,
      // Indexes are declared in the schemas; build them at start-up (ARCHITECTURE §7).
      autoIndex: true,
    };
    const conn = mongoose.createConnection(url, options);
    // Watch the topology from the start: the guard tells an election from a dead database by it.
    mongoReachability(conn);
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

/**
 * True when a member answers a ping: the primary, or during an election a secondary (requests
 * then wait for the new primary rather than fail, so the service stays ready). False at once
 * while no member answers.
 */
export async function isMongoReady(conn: Connection): Promise<boolean> {
  if (!conn.db || !(await mongoReachability(conn).reachable())) return false;
  try {
    await conn.db.command({ ping: 1 }, { readPreference: 'primaryPreferred' });
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
