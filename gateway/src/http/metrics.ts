import type { Context, Middleware } from 'koa';
import { Histogram, Registry, collectDefaultMetrics } from 'prom-client';

const ROUTE_LABEL = Symbol('routeLabel');

/**
 * Sets the `route` label of this request's metrics (a bounded value: `/api/posts/:id`,
 * `/media/*`, never the raw URL). Wins over the probe router's pattern.
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

type Observer = { observe(seconds: number): void };

/**
 * The gateway's `http_request_duration_seconds` (same name, labels and buckets as service-kit's),
 * kept here because the proxy fast path records into it without a Koa context. Label children are
 * cached per (method, route, status): prom-client would otherwise hash the label object on every
 * observation.
 */
export class GatewayMetrics {
  readonly registry = new Registry();
  private readonly duration: Histogram<'method' | 'route' | 'status'>;
  private readonly children = new Map<string, Observer>();

  constructor(service = 'gateway') {
    this.registry.setDefaultLabels({ service });
    collectDefaultMetrics({ register: this.registry });
    this.duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration in seconds',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
  }

  observe(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let child = this.children.get(key);
    if (!child) {
      child = this.duration.labels({ method, route, status: String(status) });
      this.children.set(key, child);
    }
    child.observe(seconds);
  }

  /** Koa middleware for the requests that go through the app (everything but the fast path). */
  middleware(): Middleware {
    return async (ctx, next) => {
      const started = performance.now();
      try {
        await next();
      } finally {
        this.observe(
          ctx.method,
          routeLabelOf(ctx),
          ctx.status,
          (performance.now() - started) / 1000,
        );
      }
    };
  }
}
