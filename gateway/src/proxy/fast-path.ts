import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Dispatcher } from 'undici';
import type { Logger } from 'pino';
import { logRequest, requestIdFrom, type HttpMetrics } from '@forum/service-kit';
import { resolveApiRoute, withoutTrailingSlash, type ServiceName } from '../routing-table.js';
import { HOP_BY_HOP, connectionListed, isEventStream, upstreamRequestHeaders } from './headers.js';
import { SERVICE_UNAVAILABLE, UPSTREAM_TIMEOUT } from './proxy-request.js';
import { classifyUpstreamError } from './upstream-errors.js';

export interface FastPathOptions {
  logger: Logger;
  metrics: HttpMetrics;
  /** The dispatcher (keep-alive pool) of each service. */
  upstream: (service: ServiceName) => Dispatcher;
  /** Security headers, lower-case names, computed once. */
  securityHeaders: readonly (readonly [string, string])[];
  trustProxy: boolean;
  /** Paths the gateway answers itself under /api (its documentation pages). */
  ownPaths: readonly string[];
}

/**
 * The proxy hop without Koa, for the bulk of the traffic: /api calls to a service that carry no
 * request body. Everything else (bodies and their limits, static files, docs, probes, admin stats,
 * 404s, dev mode) goes through the Koa app. Per request this does what the Koa chain does for a
 * proxied call (request id, forwarding headers, security headers, upstream timeouts, 503/504 and
 * 499, access log, metrics) but with one handler object instead of a context, a middleware chain,
 * promises and a response stream piped through stream.pipeline: undici calls the handler with the
 * upstream's raw headers and chunks, and they are written to the client as they come.
 *
 * Returns false (having done nothing) when the request is not for the fast path.
 */
export function createProxyFastPath(
  options: FastPathOptions,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  const ownPaths = new Set(options.ownPaths);
  const shared: Shared = {
    ...options,
    ours: new Set(options.securityHeaders.map(([name]) => name)),
  };
  return (req, res) => {
    const url = req.url ?? '';
    // Origin-form /api URLs only: an absolute-form request line goes the Koa way.
    if (!url.startsWith('/api/')) return false;
    const headers = req.headers;
    if (headers['transfer-encoding'] !== undefined) return false;
    const length = headers['content-length'];
    if (length !== undefined && length !== '0') return false;
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    const method = req.method ?? 'GET';
    if (ownPaths.has(withoutTrailingSlash(path))) return false;
    const route = resolveApiRoute(method, path);
    if (!route || route.target === 'gateway') return false;

    const incomingId = headers['x-request-id'];
    const requestId = requestIdFrom(typeof incomingId === 'string' ? incomingId : undefined);
    const handler = new ProxyHandler(shared, res, method, path, route.route, requestId);
    handler.dispatch(
      options.upstream(route.target),
      url,
      upstreamRequestHeaders(headers, {
        requestId,
        peerIp: req.socket.remoteAddress ?? 'unknown',
        protocol: protocolOf(req, options.trustProxy),
        host: hostOf(req, options.trustProxy),
        trustProxy: options.trustProxy,
      }),
    );
    return true;
  };
}

/** First value of a comma-separated header (as Koa reads X-Forwarded-*). */
function firstValue(value: string | string[] | undefined): string {
  const text = Array.isArray(value) ? value.join(',') : (value ?? '');
  const comma = text.indexOf(',');
  return (comma === -1 ? text : text.slice(0, comma)).trim();
}

/** ctx.protocol, as Koa computes it. */
function protocolOf(req: IncomingMessage, trustProxy: boolean): string {
  if ((req.socket as { encrypted?: boolean }).encrypted) return 'https';
  if (!trustProxy) return 'http';
  return firstValue(req.headers['x-forwarded-proto']).toLowerCase() || 'http';
}

/** ctx.host, as Koa computes it (HTTP/1: X-Forwarded-Host when trusted, else Host). */
function hostOf(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = trustProxy ? firstValue(req.headers['x-forwarded-host']) : '';
  let host = forwarded || firstValue(req.headers.host);
  if (host.includes('@')) {
    try {
      host = new URL(`http://${host}`).host;
    } catch {
      return '';
    }
  }
  return host;
}

/** What every request of one fast path shares, computed once. */
interface Shared extends FastPathOptions {
  /** Response headers the gateway sets itself: the upstream's own are dropped. */
  ours: ReadonlySet<string>;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const PLAIN_CONNECTION = new Set(['keep-alive', 'close', 'Keep-Alive', 'Close']);

/** One proxied request: undici's dispatch handler (the callback API, undici's native one). */
class ProxyHandler implements Dispatcher.DispatchHandler {
  private readonly started = performance.now();
  private abortUpstream: ((err?: Error) => void) | undefined;
  private clientGone = false;
  private retried = false;
  private status = 0;
  private upstream!: Dispatcher;
  private upstreamPath = '';
  private upstreamHeaders: Record<string, string | string[]> = {};

  constructor(
    private readonly options: Shared,
    private readonly res: ServerResponse,
    private readonly method: string,
    private readonly path: string,
    private readonly route: string,
    private readonly requestId: string,
  ) {
    // The client hung up: stop waiting for (and free the socket of) the upstream.
    res.once('close', this.onClientClose);
  }

  dispatch(upstream: Dispatcher, path: string, headers: Record<string, string | string[]>): void {
    this.upstream = upstream;
    this.upstreamPath = path;
    this.upstreamHeaders = headers;
    this.send();
  }

  private send(): void {
    this.upstream.dispatch(
      {
        path: this.upstreamPath,
        method: this.method as Dispatcher.HttpMethod,
        headers: this.upstreamHeaders,
        body: null,
      },
      this,
    );
  }

  private readonly onClientClose = (): void => {
    if (this.res.writableFinished) return;
    this.clientGone = true;
    this.abortUpstream?.(new Error('client closed the request'));
  };

  private readonly onDrain = (): void => {
    this.resume?.();
  };

  private resume: (() => void) | undefined;
  /** Body bytes still to come when the upstream sent a Content-Length (NaN otherwise). */
  private remaining = Number.NaN;

  onConnect(abort: (err?: Error) => void): void {
    this.abortUpstream = abort;
    if (this.clientGone) abort(new Error('client closed the request'));
  }

  onHeaders(statusCode: number, rawHeaders: Buffer[], resume: () => void): boolean {
    if (statusCode < 200) return true; // 1xx: wait for the final answer
    this.resume = resume;
    const security = this.options.securityHeaders;
    // Hop-by-hop headers stay on their hop; the security headers and the request id are ours, so
    // an upstream can neither drop nor weaken them.
    let dropListed: Set<string> | undefined;
    let eventStream = false;
    const out: string[] = [];
    for (let i = 0; i < rawHeaders.length; i += 2) {
      const name = rawHeaders[i]!.toString('latin1').toLowerCase();
      if (name === 'connection') {
        const value = rawHeaders[i + 1]!.toString('latin1');
        if (!PLAIN_CONNECTION.has(value)) dropListed = connectionListed({ connection: value });
        continue;
      }
      if (name === 'content-length') this.remaining = Number(rawHeaders[i + 1]!.toString('latin1'));
      if (name === 'content-type') eventStream = isEventStream(rawHeaders[i + 1]!);
      if (HOP_BY_HOP.has(name) || name === 'x-request-id' || this.options.ours.has(name)) continue;
      out.push(name, rawHeaders[i + 1]!.toString('latin1'));
    }
    if (dropListed?.size) {
      for (let i = out.length - 2; i >= 0; i -= 2) if (dropListed.has(out[i]!)) out.splice(i, 2);
    }
    out.push('x-request-id', this.requestId);
    for (const [name, value] of security) out.push(name, value);
    this.status = statusCode;
    // Koa's standard reason phrase, not the upstream's (as `ctx.status = code` did).
    this.res.writeHead(statusCode, out);
    // An event stream may stay silent until its first event: its client must see the 200 now.
    if (eventStream) this.res.flushHeaders();
    return true;
  }

  onData(chunk: Buffer): boolean {
    this.remaining -= chunk.length;
    if (this.remaining === 0) {
      // The last bytes of a body of known length: end() sends them with the headers in one write;
      // write() then end() costs the client socket a second (empty) write.
      this.res.end(chunk);
      return true;
    }
    if (this.res.write(chunk)) return true;
    this.res.once('drain', this.onDrain);
    return false;
  }

  onComplete(): void {
    if (!this.res.writableEnded) this.res.end();
    this.finish();
  }

  onError(err: Error): void {
    const res = this.res;
    if (res.headersSent) {
      // Mid-body: the status is out; all that is left is to cut the client's connection.
      res.destroy(err);
      this.finish();
      return;
    }
    if (this.clientGone) {
      // Nobody is listening any more; nginx's 499 keeps this out of the 5xx error logs.
      this.status = 499;
      this.finish();
      return;
    }
    const failure = classifyUpstreamError(err);
    // A reused keep-alive socket the upstream had just closed: one retry is safe without a body.
    if (
      failure === 'retryable-reset' &&
      !this.retried &&
      (this.method === 'GET' || this.method === 'HEAD')
    ) {
      this.retried = true;
      this.abortUpstream = undefined;
      this.send();
      return;
    }
    if (failure === 'timeout') return this.fail(504, UPSTREAM_TIMEOUT, err);
    if (failure) return this.fail(503, SERVICE_UNAVAILABLE, err);
    this.options.logger.error({ reqId: this.requestId, err, status: 500 }, 'request failed');
    this.fail(500, 'Internal server error');
  }

  /** The error answer the Koa error handler gives: `{ error }`, with a warn line for a 5xx. */
  private fail(status: number, error: string, cause?: Error): void {
    if (cause) {
      this.options.logger.warn(
        { reqId: this.requestId, status, error, cause: `${cause.name}: ${cause.message}` },
        'request failed',
      );
    }
    const body = JSON.stringify({ error });
    const headers: string[] = [
      'content-type',
      JSON_TYPE,
      'content-length',
      String(Buffer.byteLength(body)),
      'x-request-id',
      this.requestId,
    ];
    for (const [name, value] of this.options.securityHeaders) headers.push(name, value);
    this.status = status;
    this.res.writeHead(status, headers);
    this.res.end(this.method === 'HEAD' ? undefined : body);
    this.finish();
  }

  private finish(): void {
    this.res.off('close', this.onClientClose);
    this.res.off('drain', this.onDrain);
    const { logger, metrics } = this.options;
    metrics.observe(
      this.method,
      this.route,
      this.status,
      (performance.now() - this.started) / 1000,
    );
    logRequest(
      logger,
      { reqId: this.requestId, method: this.method, path: this.path, status: this.status },
      this.started,
    );
  }
}
