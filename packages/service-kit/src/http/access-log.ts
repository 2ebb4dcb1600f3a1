import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import './koa-types.js';

/** Probes are polled constantly; logging them would drown real traffic. */
const QUIET = new Set(['/health', '/api/health', '/ready', '/metrics']);

/**
 * One access-log line. `logger` is the request's child logger (it carries the request id) or,
 * outside Koa (the gateway's proxy fast path), the app's logger with `reqId` given here.
 */
export function logRequest(
  logger: Logger,
  request: { method: string; path: string; status: number; reqId?: string },
  startedMs: number,
): void {
  if (QUIET.has(request.path)) return;
  const level = request.status >= 500 ? 'error' : 'info';
  if (!logger.isLevelEnabled(level)) return;
  const ms = Math.round((performance.now() - startedMs) * 10) / 10;
  logger[level]({ ...request, ms }, 'request');
}

export function accessLog(): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      logRequest(ctx.log, { method: ctx.method, path: ctx.path, status: ctx.status }, started);
    }
  };
}
