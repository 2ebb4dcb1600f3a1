import type { Middleware } from 'koa';
import type { Connection } from 'mongoose';
import { serviceUnavailable } from '../errors.js';
import { mongoReachability, type DatabaseReachability } from '../mongo-reachability.js';

/** createApp's `database`: the service's connection (tests may pass any reachability source). */
export type DatabaseState = Connection | DatabaseReachability;

/**
 * While no member of the database answers because it is dead (its address refuses connections,
 * or it closed them and does not answer the driver's re-check within LOST_MEMBER_GRACE_MS), API
 * requests fail at once with 503 instead of queueing behind server selection. During an election
 * (a member answers, none is primary) and while the database is only slow (the driver's check
 * timed out on an open connection: a long operation, a paused process) they pass and wait:
 * mongoose buffers, the driver selects the primary once it answers, and a retryable operation
 * that was cut off is retried, all within MONGO_PRIMARY_WAIT_MS. The probes (/health, /ready,
 * /metrics) always answer.
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
