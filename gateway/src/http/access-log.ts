import type { Middleware } from 'koa';
import type { Logger } from 'pino';

/** Probes are polled constantly; logging them would drown real traffic. */
export const QUIET_PATHS = new Set(['/health', '/api/health', '/ready', '/metrics']);

/** One access-log line, as service-kit's access log writes it (fields of a request's child logger). */
export function logRequest(
  logger: Logger,
  reqId: string,
  method: string,
  path: string,
  status: number,
  startedMs: number,
): void {
  if (QUIET_PATHS.has(path)) return;
  const level = status >= 500 ? 'error' : 'info';
  if (!logger.isLevelEnabled(level)) return;
  const ms = Math.round((performance.now() - startedMs) * 10) / 10;
  logger[level]({ reqId, method, path, status, ms }, 'request');
}

export function accessLog(): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      if (!QUIET_PATHS.has(ctx.path)) {
        const ms = Math.round((performance.now() - started) * 10) / 10;
        const level = ctx.status >= 500 ? 'error' : 'info';
        ctx.log[level]({ method: ctx.method, path: ctx.path, status: ctx.status, ms }, 'request');
      }
    }
  };
}
