import Koa from 'koa';
import { bodyParser } from '@koa/bodyparser';
import type { Logger } from 'pino';
import { requestId } from './request-id.js';
import { accessLog } from './access-log.js';
import { errorHandler } from './error-handler.js';
import { createHttpMetrics } from './metrics.js';
import { probeRoutes, type ReadinessCheck } from './probes.js';
import './koa-types.js';

export interface CreateAppOptions {
  name: string;
  logger: Logger;
  /** Reports each dependency's state; any false makes /ready answer 503. */
  ready?: ReadinessCheck;
  /** Max JSON/form body, bytes-like string understood by raw-body ('1mb'). */
  bodyLimit?: string;
  /** Trust X-Forwarded-* (ctx.ip from X-Forwarded-For); only behind the gateway. */
  trustProxy?: boolean;
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
  trustProxy = false,
}: CreateAppOptions): Koa {
  const app = new Koa({ proxy: trustProxy });
  const metrics = createHttpMetrics(name);
  app.use(requestId(logger));
  app.use(accessLog());
  app.use(metrics.middleware);
  app.use(errorHandler());
  app.use(
    bodyParser({
      enableTypes: ['json', 'form'],
      jsonLimit: bodyLimit,
      formLimit: bodyLimit,
      // Let the error middleware own the response shape.
      onError: (err) => {
        throw err;
      },
    }),
  );
  const probes = probeRoutes(name, metrics.registry, ready);
  app.use(probes.routes());
  return app;
}
