import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import './koa-types.js';

const HEADER = 'X-Request-Id';
// Accept a caller's id only if it looks like an id, so logs cannot be polluted.
const ACCEPTABLE = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's X-Request-Id when it looks like an id, else a new one. */
export const requestIdFrom = (incoming: string | undefined): string =>
  incoming && ACCEPTABLE.test(incoming) ? incoming : randomUUID();

export function requestId(logger: Logger): Middleware {
  return async (ctx, next) => {
    const id = requestIdFrom(ctx.get(HEADER));
    ctx.requestId = id;
    ctx.log = logger.child({ reqId: id });
    ctx.set(HEADER, id);
    await next();
  };
}
