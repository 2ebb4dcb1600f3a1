import type { Middleware } from 'koa';
import { HttpError } from '@forum/service-kit';

/** As createApp's parser: a body larger than this is refused. */
const LIMIT_BYTES = 1024 * 1024;

/**
 * Reads the JSON body of a DELETE route. service-kit's createApp parses POST, PUT and PATCH
 * bodies only (@koa/bodyparser's default), and DELETE /api/auth/me is the one contract route
 * whose DELETE carries a body (the password). Same answers as the shared parser: 413 over the
 * limit, 400 'Malformed JSON body'; another content type leaves the body to the contract's check.
 * Drop it once createApp parses DELETE bodies too.
 */
export const parseDeleteJsonBody: Middleware = async (ctx, next) => {
  // Where the shared parser puts it (Koa's own Request type has no body).
  const request = ctx.request as { body?: unknown };
  if (ctx.method === 'DELETE' && request.body === undefined && ctx.is('json')) {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > LIMIT_BYTES) throw new HttpError(413, 'Request body too large');
      chunks.push(chunk);
    }
    const text = Buffer.concat(chunks).toString('utf8');
    try {
      request.body = text ? (JSON.parse(text) as unknown) : {};
    } catch {
      throw new HttpError(400, 'Malformed JSON body');
    }
  }
  await next();
};
