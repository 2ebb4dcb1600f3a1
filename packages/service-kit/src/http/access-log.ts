import type { Middleware } from 'koa';
import './koa-types.js';

/** Probes are polled constantly; logging them would drown real traffic. */
const QUIET = new Set(['/health', '/api/health', '/ready', '/metrics']);

export function accessLog(): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      if (!QUIET.has(ctx.path)) {
        const ms = Math.round((performance.now() - started) * 10) / 10;
        const level = ctx.status >= 500 ? 'error' : 'info';
        ctx.log[level]({ method: ctx.method, path: ctx.path, status: ctx.status, ms }, 'request');
      }
    }
  };
}
