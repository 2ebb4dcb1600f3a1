import type { Middleware } from 'koa';
import type { Connection } from 'mongoose';
import { serviceUnavailable } from '../errors.js';
import { mongoReachability, type DatabaseReachability } from '../mongo-reachability.js';

/** createApp's `database`: the service's connection (tests may pass any reachability source). */
export type DatabaseState = Connection | DatabaseReachability;

/**
 * While no member of the database answers (the process is dead or unreachable), API requests
 * fail at once with 503 instead of queueing behind server selection. During an election (a
 * member answers, none is primary) they pass and wait: mongoose buffers, the driver selects the
 * new primary, and a retryable write that met the old one is retried, all within
 * MONGO_PRIMARY_WAIT_MS. The probes (/health, /ready, /metrics) always answer.
 */
export function databaseGuard(db: DatabaseState): Middleware {
  const source = 'getClient' in db ? mongoReachability(db) : db;
  return async (ctx, next) => {
    if (ctx.path.startsWith('/api/') && ctx.path !== '/api/health' && !(await source.reachable())) {
      throw serviceUnavailable();
    }
    await next();
  };
}
