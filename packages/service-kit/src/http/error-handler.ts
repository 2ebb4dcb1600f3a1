import type { Middleware } from 'koa';
import { ZodError } from 'zod';
import { HttpError } from '../errors.js';
import { isDatabaseUnreachable } from '../mongo-errors.js';
import './koa-types.js';

interface ErrorBody {
  error: string;
  details?: string[];
}

interface ClassifiedError {
  status: number;
  body: ErrorBody;
  /** Unexpected errors are logged with their stack; expected ones are not noise. */
  unexpected: boolean;
}

/** Errors thrown by body parsers (co-body / raw-body) and ctx.throw carry `status` and `expose`. */
function httpLike(
  err: unknown,
): err is { status: number; expose?: boolean; type?: string; message: string } {
  return (
    typeof err === 'object' &&
    err !== null &&
    typeof (err as { status?: unknown }).status === 'number'
  );
}

export function classifyError(err: unknown): ClassifiedError {
  if (err instanceof HttpError) {
    const body: ErrorBody = { error: err.message };
    if (err.details?.length) body.details = err.details;
    return { status: err.status, body, unexpected: !err.expected };
  }
  if (err instanceof ZodError) {
    return {
      status: 400,
      body: { error: 'Validation failed', details: err.issues.map((i) => i.message) },
      unexpected: false,
    };
  }
  if (isDatabaseUnreachable(err)) {
    return { status: 503, body: { error: 'Service unavailable' }, unexpected: false };
  }
  if (httpLike(err)) {
    if (err.status === 413 || err.type === 'entity.too.large') {
      return { status: 413, body: { error: 'Request body too large' }, unexpected: false };
    }
    if (err.status === 400 && (err.type === 'entity.parse.failed' || err instanceof SyntaxError)) {
      return { status: 400, body: { error: 'Malformed JSON body' }, unexpected: false };
    }
    if (err.status === 415 || err.type === 'encoding.unsupported') {
      return { status: 415, body: { error: 'Unsupported media type' }, unexpected: false };
    }
    if (err.status >= 400 && err.status < 500 && err.expose !== false) {
      return { status: err.status, body: { error: err.message }, unexpected: false };
    }
  }
  return { status: 500, body: { error: 'Internal server error' }, unexpected: true };
}

/**
 * A one-line reason for an expected failure's log line (no stack): an HttpError's cause, or the
 * error itself (a driver error that became 503).
 */
function causeOf(err: unknown): string | undefined {
  const cause = err instanceof HttpError ? err.cause : err;
  if (cause instanceof Error) return `${cause.name}: ${cause.message}`;
  return cause === undefined ? undefined : String(cause);
}

/** The one place errors become responses: `{error, details?}` with the right status. */
export function errorHandler(): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      // Nothing matched: answer in the same shape as every other error.
      if (ctx.status === 404 && ctx.body == null) {
        ctx.status = 404;
        ctx.body = { error: 'Not found' };
      }
    } catch (err) {
      const { status, body, unexpected } = classifyError(err);
      if (unexpected) ctx.log.error({ err, status }, 'request failed');
      else if (status >= 500)
        ctx.log.warn({ status, error: body.error, cause: causeOf(err) }, 'request failed');
      ctx.status = status;
      ctx.body = body;
    }
  };
}
