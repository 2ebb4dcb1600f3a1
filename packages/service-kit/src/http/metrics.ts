import type { Middleware } from 'koa';
import { Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface HttpMetrics {
  registry: Registry;
  middleware: Middleware;
}

/**
 * A registry per app (not the global one) so several apps can live in one test process.
 * The route label is the router's pattern (/api/posts/:id), never the raw URL, to bound cardinality.
 */
export function createHttpMetrics(service: string): HttpMetrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration in seconds',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const middleware: Middleware = async (ctx, next) => {
    const end = duration.startTimer();
    try {
      await next();
    } finally {
      const route = (ctx as { _matchedRoute?: string | RegExp })._matchedRoute;
      end({
        method: ctx.method,
        route: route ? String(route) : 'unmatched',
        status: String(ctx.status),
      });
    }
  };
  return { registry, middleware };
}
