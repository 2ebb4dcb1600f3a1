import { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import type { Context } from 'koa';
import type { Dispatcher } from 'undici';
import { HttpError, gatewayTimeout, serviceUnavailable } from '@forum/service-kit';
import { BodyTooLargeError, bodyLimitFor, bodyLimitStream } from './body-limit.js';
import { clientResponseHeaders, isEventStream, upstreamRequestHeaders } from './headers.js';
import { classifyUpstreamError } from './upstream-errors.js';

export interface ProxyOptions {
  timeoutMs: number;
  trustProxy: boolean;
  /** Request body limits in bytes; omit for upstreams that only serve GETs. */
  bodyLimits?: { json: number; upload: number };
}

export const UPSTREAM_TIMEOUT = 'Upstream timeout';
export const SERVICE_UNAVAILABLE = 'Service unavailable';
export const BODY_TOO_LARGE = 'Request body too large';

function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Forwards ctx's request unchanged (method, path, query, end-to-end headers) to `upstream` and
 * streams the answer back. Neither body is buffered: the request body flows through a byte counter
 * into the upstream socket and the response body is handed to Koa as a stream.
 */
export async function proxyRequest(
  ctx: Context,
  upstream: Dispatcher,
  options: ProxyOptions,
): Promise<void> {
  const body = hasBody(ctx.req) ? limitedBody(ctx, options) : undefined;
  const headers = upstreamRequestHeaders(ctx.req.headers, {
    requestId: ctx.requestId,
    peerIp: ctx.req.socket.remoteAddress ?? 'unknown',
    protocol: ctx.protocol,
    host: ctx.host,
    trustProxy: options.trustProxy,
  });

  // The client hung up: stop waiting for (and free the socket of) the upstream. undici takes an
  // EventEmitter as the signal; an AbortController per request cost ~9% of the gateway's CPU on
  // small answers (AbortSignal and DOMException construction, profiled under load).
  const abort = new EventEmitter();
  let aborted = false;
  const onClientGone = () => {
    if (ctx.res.writableFinished) return;
    aborted = true;
    abort.emit('abort');
  };
  ctx.res.once('close', onClientGone);

  const request = (): Promise<Dispatcher.ResponseData> =>
    upstream.request({
      // Origin-form even when the client sent an absolute-form request line.
      path: `${ctx.path}${ctx.search}`,
      method: ctx.method as Dispatcher.HttpMethod,
      headers,
      body: body?.stream ?? null,
      signal: abort,
    });

  let response: Dispatcher.ResponseData;
  try {
    response = await request();
  } catch (err) {
    if (body) abandonRequestBody(ctx);
    if (body?.exceeded()) throw tooLarge(ctx);
    // Nobody is listening any more; nginx's 499 keeps this out of the 5xx error logs.
    if (aborted) throw new HttpError(499, 'Client closed request');
    const failure = classifyUpstreamError(err);
    // A reused keep-alive socket the upstream had just closed: one retry is safe without a body.
    if (failure === 'retryable-reset' && !body && ['GET', 'HEAD'].includes(ctx.method)) {
      response = await request().catch((retryErr: unknown) => {
        throw toHttpError(retryErr);
      });
    } else {
      throw toHttpError(err);
    }
  }

  // The upstream answered before taking the whole body (a refusal before reading an upload).
  // The client's unread bytes would sit in front of its next request on this keep-alive
  // connection and stall it, so the rest is read and dropped. A body of declared length (within
  // the limit, or it was refused above) keeps the connection: closing it while the client still
  // writes fails the client's write (EPIPE) before it reads the answer, which is why nginx
  // lingers on close. One of unknown length (chunked) could go on forever: close after it.
  if (body && !ctx.req.complete) {
    if (!ctx.get('content-length')) ctx.set('Connection', 'close');
    ctx.res.once('finish', () => discardRequestBody(ctx));
  }
  ctx.status = response.statusCode;
  for (const [name, value] of clientResponseHeaders(response.headers)) ctx.set(name, value);
  // Koa only pipes (and watches the errors of) a stream body when it sends one. For HEAD it just
  // ends the response and destroys the unread stream, and undici's body then emits
  // RequestAbortedError with no listener: an uncaught 'error' that took the whole gateway down on
  // any `HEAD /media/...` (found by the hostile security sweep). Nothing is lost by ignoring it
  // here: when Koa does pipe the body, pipeline() still reports failures to ctx.onerror.
  response.body.on('error', () => {});
  ctx.body = response.body;
  // An event stream may stay silent until its first event: its client must see the 200 now.
  if (isEventStream(String(response.headers['content-type'] ?? ''))) ctx.flushHeaders();
}

function toHttpError(err: unknown): unknown {
  const failure = classifyUpstreamError(err);
  // The client gets a generic text; the warn line of the error middleware keeps the cause
  // (ECONNREFUSED, timeout...) without a stack: a service being down is not a gateway bug.
  if (failure === 'timeout') return gatewayTimeout(UPSTREAM_TIMEOUT, { cause: err });
  if (failure) return serviceUnavailable(SERVICE_UNAVAILABLE, { cause: err });
  return err;
}

/** The oversized client is still sending; close the connection instead of draining it all. */
function tooLarge(ctx: Context): HttpError {
  ctx.set('Connection', 'close');
  return new HttpError(413, BODY_TOO_LARGE);
}

/**
 * The upstream failed before reading the whole body. Unread bytes would wedge this keep-alive
 * connection, so discard them and close it after the error response.
 */
function abandonRequestBody(ctx: Context): void {
  if (ctx.req.complete) return;
  ctx.set('Connection', 'close');
  discardRequestBody(ctx);
}

function discardRequestBody(ctx: Context): void {
  if (ctx.req.complete) return;
  ctx.req.unpipe();
  ctx.req.resume();
}

function limitedBody(
  ctx: Context,
  options: ProxyOptions,
): { stream: Readable; exceeded: () => boolean } {
  const limits = options.bodyLimits ?? { json: 0, upload: 0 };
  const limit = bodyLimitFor(ctx.get('content-type'), limits);
  const declared = Number(ctx.get('content-length') || 0);
  if (declared > limit) throw tooLarge(ctx);

  let exceeded = false;
  const counter = bodyLimitStream(limit);
  counter.once('error', (err) => {
    if (err instanceof BodyTooLargeError) exceeded = true;
    // Stop feeding the counter; Node discards the rest of the body after the 413 is sent.
    ctx.req.unpipe(counter);
  });
  // pipe() does not forward source errors: a client abort must fail the upstream request too.
  ctx.req.once('aborted', () => counter.destroy(new Error('client aborted the request')));
  ctx.req.once('error', (err) => counter.destroy(err));
  ctx.req.pipe(counter);
  return { stream: counter, exceeded: () => exceeded };
}
