import type { Middleware } from 'koa';
import { serviceUnavailable } from '../errors.js';

/** The part of a mongoose Connection the guard reads: 1 = connected. */
export interface DatabaseState {
  readyState: number;
}

/**
 * While the database connection is down, API requests fail at once with 503 instead of queueing
 * behind server selection; the probes (/health, /ready, /metrics) still answer.
 */
export function databaseGuard(db: DatabaseState): Middleware {
  return async (ctx, next) => {
    if (db.readyState !== 1 && ctx.path.startsWith('/api/') && ctx.path !== '/api/health') {
      throw serviceUnavailable();
    }
    await next();
  };
}

/** Driver errors that mean "the database cannot be reached right now", not a bug. */
const UNREACHABLE = new Set([
  'MongoServerSelectionError',
  'MongooseServerSelectionError',
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoPoolClearedError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
]);

export function isDatabaseUnreachable(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    if (UNREACHABLE.has(e.name)) return true;
    // mongoose buffering timed out: the connection never came back in time.
    if (e.name === 'MongooseError' && /buffering timed out/.test(e.message)) return true;
  }
  return false;
}
