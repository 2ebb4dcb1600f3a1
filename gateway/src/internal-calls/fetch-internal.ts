import type { Context } from 'koa';
import type { Dispatcher } from 'undici';
import { ErrorBody } from '@forum/contracts';
import { HttpError, INVALID_TOKEN } from '@forum/service-kit';

/** The one text of every composed route whose parts could not all be had. */
export const SERVICE_UNAVAILABLE = 'Service unavailable';

interface Parser<T> {
  parse(value: unknown): T;
}

export interface InternalCall<T> {
  /** For the warn line: which service failed. */
  service: string;
  upstream: Dispatcher;
  path: string;
  timeoutMs: number;
  /** The part's contract: an answer it rejects counts as the service failing. */
  schema: Parser<T>;
  /**
   * Forward the caller's Authorization (the part is the caller's own): the service's 401 then
   * reaches the caller as a 401, since it means the token or the account is no longer accepted.
   */
  forwardAuthorization?: boolean;
}

/**
 * GET one internal route of a service for a route the gateway composes (admin stats, the account
 * export). Down, slow, failing or answering outside its contract -> 503 'Service unavailable':
 * the composed answer is all or nothing, never partial.
 */
export async function fetchInternal<T>(ctx: Context, call: InternalCall<T>): Promise<T> {
  const authorization = call.forwardAuthorization ? ctx.get('authorization') : '';
  try {
    const res = await call.upstream.request({
      path: call.path,
      method: 'GET',
      headers: {
        'x-request-id': ctx.requestId,
        accept: 'application/json',
        ...(authorization ? { authorization } : {}),
      },
      headersTimeout: call.timeoutMs,
      bodyTimeout: call.timeoutMs,
    });
    if (res.statusCode === 200) return call.schema.parse(await res.body.json());
    if (res.statusCode === 401 && authorization) {
      const body = ErrorBody.safeParse(await res.body.json().catch(() => undefined));
      throw new HttpError(401, body.success ? body.data.error : INVALID_TOKEN);
    }
    await res.body.dump();
    throw new Error(`${call.path} answered ${res.statusCode}`);
  } catch (err) {
    if (err instanceof HttpError) throw err;
    // One warn line without a stack (a service being down is not a gateway bug); the error
    // middleware adds its own `request failed` line with the cause.
    const reason = err instanceof Error ? err.message : String(err);
    ctx.log.warn({ service: call.service, path: call.path, reason }, 'internal route unavailable');
    throw new HttpError(503, SERVICE_UNAVAILABLE, undefined, { cause: err, expected: true });
  }
}
