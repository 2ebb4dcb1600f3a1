import Koa, { type Middleware } from 'koa';
import { bodyParser } from '@koa/bodyparser';
import type { Logger } from 'pino';
import { requestId } from './request-id.js';
import { accessLog } from './access-log.js';
import { errorHandler } from './error-handler.js';
import { databaseGuard, type DatabaseState } from './database-guard.js';
import { createHttpMetrics, type HttpMetrics } from './metrics.js';
import { probeRoutes, type ReadinessCheck } from './probes.js';
import './koa-types.js';

export interface CreateAppOptions {
  name: string;
  logger: Logger;
  /** Reports each dependency's state; any false makes /ready answer 503. */
  ready?: ReadinessCheck;
  /** Max JSON/form body, bytes-like string understood by raw-body ('1mb'). */
  bodyLimit?: string;
  /** false = no JSON/form body parsing (the gateway streams bodies through untouched). */
  bodyParser?: boolean;
  /** false = `/api/health` is not answered locally (the gateway forwards it to a service). */
  apiHealthAlias?: boolean;
  /**
   * Middleware placed after the body parser and before the probe router; they can answer, or call
   * next() to let the probes (and routers added later with app.use) run.
   */
  beforeRoutes?: Middleware[];
  /** Trust X-Forwarded-* (ctx.ip from X-Forwarded-For); only behind the gateway. */
  trustProxy?: boolean;
  /** The service's database connection: while it is down, /api requests get 503 at once. */
  database?: DatabaseState;
  /** The app to compose (default a new Koa): the gateway's puts its proxy fast path in front. */
  koa?: Koa;
  /** Request metrics shared with code outside Koa (default: the app's own). */
  metrics?: HttpMetrics;
}

/**
 * A Koa app with the cross-cutting middleware every service needs; the caller adds its routers
 * with app.use(...) and listens (or hands it to supertest-like tests) itself.
 */
export function createApp({
  name,
  logger,
  ready,
  bodyLimit = '1mb',
  bodyParser: parseBodies = true,
  apiHealthAlias = true,
  beforeRoutes = [],
  trustProxy = false,
  database,
  koa,
  metrics = createHttpMetrics(name),
}: CreateAppOptions): Koa {
  const app = koa ?? new Koa({ proxy: trustProxy });
  app.use(requestId(logger));
  app.use(accessLog());
  app.use(metrics.middleware);
  app.use(errorHandler());
  if (database) app.use(databaseGuard(database));
  if (parseBodies) {
    app.use(
      bodyParser({
        enableTypes: ['json', 'form'],
        // DELETE too: DELETE /api/auth/me carries the password (EXTENSIONS §B2).
        parsedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
        jsonLimit: bodyLimit,
        formLimit: bodyLimit,
        // Let the error middleware own the response shape.
        onError: (err) => {
          throw err;
        },
      }),
    );
  }
  for (const middleware of beforeRoutes) app.use(middleware);
  const probes = probeRoutes(name, metrics.registry, ready, { apiHealthAlias });
  app.use(probes.routes());
  return app;
}
