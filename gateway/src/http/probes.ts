import { Router } from '@koa/router';
import type { Registry } from 'prom-client';

export type ReadinessCheck = () => Promise<Record<string, boolean>>;

/** /health: the process is alive. /ready: the services answer. /metrics: Prometheus text. */
export function probeRoutes(registry: Registry, ready: ReadinessCheck): Router {
  const router = new Router();
  router.get('/health', (ctx) => {
    ctx.body = { status: 'ok', service: 'gateway' };
  });
  router.get('/ready', async (ctx) => {
    let checks: Record<string, boolean>;
    try {
      checks = await ready();
    } catch (err) {
      ctx.log.warn({ err }, 'readiness check threw');
      checks = { readiness: false };
    }
    const down = Object.entries(checks)
      .filter(([, ok]) => !ok)
      .map(([name]) => name);
    ctx.status = down.length ? 503 : 200;
    ctx.body = down.length
      ? {
          status: 'unavailable',
          service: 'gateway',
          checks,
          error: `Dependency unavailable: ${down.join(', ')}`,
        }
      : { status: 'ready', service: 'gateway', checks };
  });
  router.get('/metrics', async (ctx) => {
    ctx.type = registry.contentType;
    ctx.body = await registry.metrics();
  });
  return router;
}
