import type { Context, Middleware } from 'koa';
import { Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface HttpMetrics {
  registry: Registry;
  middleware: Middleware;
  /** Records one request outside Koa (the gateway's proxy fast path). */
  observe(method: string, route: string, status: number, seconds: number): void;
}

const ROUTE_LABEL = Symbol('routeLabel');

/**
 * Sets the `route` label of this request's metrics, for requests that no @koa/router route
 * matches (a proxy, a static file handler). Use a bounded set of values (`/api/posts/:id`,
 * `/media/*`), never the raw URL. Wins over the router's pattern.
 */
export function setRouteLabel(ctx: Context, label: string): void {
  (ctx as unknown as Record<symbol, string>)[ROUTE_LABEL] = label;
}

function routeLabelOf(ctx: Context): string {
  const explicit = (ctx as unknown as Record<symbol, string | undefined>)[ROUTE_LABEL];
  if (explicit) return explicit;
  const matched = (ctx as { _matchedRoute?: string | RegExp })._matchedRoute;
  return matched ? String(matched) : 'unmatched';
}

/**
 * A registry per app (not the global one) so several apps can live in one test process.
 * The route label is the router's pattern (/api/posts/:id), never the raw URL, to bound cardinality.
 * Label children are cached per (method, route, status): prom-client would otherwise hash the
 * label object on every observation, which shows on the gateway's proxy path.
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
  const children = new Map<string, { observe(seconds: number): void }>();
  const observe = (method: string, route: string, status: number, seconds: number) => {
    const key = `${method} ${status} ${route}`;
    let child = children.get(key);
    if (!child) {
      child = duration.labels({ method, route, status: String(status) });
      children.set(key, child);
    }
    child.observe(seconds);
  };
  const middleware: Middleware = async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      observe(ctx.method, routeLabelOf(ctx), ctx.status, (performance.now() - started) / 1000);
    }
  };
  return { registry, middleware, observe };
}
