import { Router } from '@koa/router';
import type { Registry } from 'prom-client';

export type ReadinessCheck = () => Promise<Record<string, boolean>>;

/** The probe routers createApp mounts (route sweeps in tests leave them out). */
export const PROBE_ROUTERS = new WeakSet<Router>();

/** /health and /api/health: the process is alive. /ready: its dependencies answer. */
export function probeRoutes(
  service: string,
  registry: Registry,
  ready?: ReadinessCheck,
  { apiHealthAlias = true }: { apiHealthAlias?: boolean } = {},
): Router {
  const router = new Router();
  PROBE_ROUTERS.add(router);
  const health = (ctx: { body: unknown }) => {
    ctx.body = { status: 'ok', service };
  };
  router.get('/health', health);
  if (apiHealthAlias) router.get('/api/health', health);
  router.get('/ready', async (ctx) => {
    let checks: Record<string, boolean> = {};
    try {
      checks = ready ? await ready() : {};
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
          service,
          checks,
          error: `Dependency unavailable: ${down.join(', ')}`,
        }
      : { status: 'ready', service, checks };
  });
  router.get('/metrics', async (ctx) => {
    ctx.type = registry.contentType;
    ctx.body = await registry.metrics();
  });
  return router;
}
