/** Driver errors that cut an operation off: the connection broke or the pool was reset. */
const INTERRUPTED = new Set([
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoPoolClearedError',
]);

/** Driver errors after which nothing was (or could be) sent: no server in time, client gone. */
const NOT_SENT = new Set([
  'MongoServerSelectionError',
  'MongooseServerSelectionError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
]);

/**
 * Server answers that mean "not now": not the primary (any more), stepping down, shutting down.
 * A driver-retryable write retries them once; anything else (an updateMany that met the old
 * primary during an election) gets 503, not 500.
 */
const NOT_SERVING_NOW = new Set([10107, 13435, 13436, 11602, 189, 11600, 91]);

/**
 * Socket errors the driver sometimes passes on unwrapped, e.g. a command written to a connection
 * the server had just closed ("This socket has been ended by the other party").
 */
const SOCKET_CODES = new Set(['EPIPE', 'ECONNRESET']);

const causes = function* (err: unknown) {
  for (let e = err, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) yield e;
};

/**
 * The operation was interrupted by a failover (a broken connection, a reset pool, a server that
 * is no longer the primary), as opposed to refused for what it asked. Inside a transaction it
 * means the transaction did not commit, so it can be run again.
 */
export function isFailoverInterruption(err: unknown): boolean {
  for (const e of causes(err)) {
    if (INTERRUPTED.has(e.name)) return true;
    const { code } = e as { code?: unknown };
    if (typeof code === 'string' && SOCKET_CODES.has(code)) return true;
    if (NOT_SERVING_NOW.has(code as number)) return true;
  }
  return false;
}

/** A connection attempt was refused: no server listens at that address (a dead process). */
export function isConnectionRefused(err: unknown): boolean {
  for (const e of causes(err)) {
    if ((e as { code?: unknown }).code === 'ECONNREFUSED') return true;
  }
  return false;
}

/** Driver errors that mean "the database cannot be reached right now" (503), not a bug. */
export function isDatabaseUnreachable(err: unknown): boolean {
  if (isFailoverInterruption(err)) return true;
  for (const e of causes(err)) {
    if (NOT_SENT.has(e.name)) return true;
    // mongoose buffering timed out: the connection never came back in time.
    if (e.name === 'MongooseError' && /buffering timed out/.test(e.message)) return true;
  }
  return false;
}
