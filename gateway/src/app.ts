import { IncomingMessage, type ServerResponse } from 'node:http';
import Koa, { type Context, type Middleware } from 'koa';
import { buildOpenApiDocument } from '@forum/contracts/openapi';
import {
  createApp,
  createAuth,
  createHttpMetrics,
  createLogger,
  HttpError,
  setRouteLabel,
  type Auth,
  type Logger,
} from '@forum/service-kit';
import { accountExport } from './account-export/account-export.js';
import { adminStats } from './admin-stats/admin-stats.js';
import type { GatewayConfig } from './config.js';
import { createApiDocs } from './docs/api-docs.js';
import { createProxyFastPath } from './proxy/fast-path.js';
import { proxyRequest } from './proxy/proxy-request.js';
import { UpstreamPools } from './proxy/upstream-pools.js';
import { upstreamReadiness } from './readiness.js';
import {
  isAmbiguousPath,
  resolveApiRoute,
  resolveMediaService,
  withoutTrailingSlash,
  type ServiceName,
} from './routing-table.js';
import { securityHeaderList, securityHeaders } from './security/security-headers.js';
import { CompressionCache } from './static/compression.js';
import {
  NOT_FOUND,
  remoteNameOf,
  serveRemoteFile,
  serveRemotesManifest,
  serveShell,
} from './static/front-ends.js';
import { RemotesManifest } from './static/remotes-manifest.js';

export interface GatewayDeps {
  logger?: Logger;
  /** Token verification; defaults to identity's JWKS. Tests pass a public key instead. */
  auth?: Auth;
  /** The OpenAPI document; defaults to the contracts' document. */
  buildOpenApiDocument?: () => unknown;
  /** Compressed front-end files and docs; defaults to one bounded by STATIC_CACHE_SIZE. */
  compression?: CompressionCache;
}

export interface GatewayApp {
  app: Koa;
  /** Closes the upstream connection pools (call after the server has stopped). */
  close(): Promise<void>;
}

type FastPath = (req: IncomingMessage, res: ServerResponse) => boolean;

/** Koa, with the proxy fast path in front of its middleware chain. */
class GatewayKoa extends Koa {
  constructor(
    options: { proxy: boolean },
    private readonly fastPath: FastPath | undefined,
  ) {
    super(options);
  }

  override callback(): ReturnType<Koa['callback']> {
    const handle = super.callback();
    const fast = this.fastPath;
    if (!fast) return handle;
    // HTTP/1 requests only (the gateway listens with node:http).
    return (req, res) =>
      req instanceof IncomingMessage && fast(req, res as ServerResponse)
        ? Promise.resolve()
        : handle(req, res);
  }
}

/** Served by the probe router, not by the gateway's dispatcher. */
const OWN_PROBES = new Set(['/health', '/ready', '/metrics']);
const READ_METHODS = new Set(['GET', 'HEAD']);

const isUnder = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

export function createGatewayApp(config: GatewayConfig, deps: GatewayDeps = {}): GatewayApp {
  const logger = deps.logger ?? createLogger({ name: 'gateway', level: config.logLevel });
  const pools = new UpstreamPools({ timeoutMs: config.upstreamTimeoutMs });
  // Event streams (EXTENSIONS §L) stay open for as long as the client reads: no body timeout
  // (svc-stream's keep-alive comments show it is alive) and no bound on sockets.
  const streamPools = new UpstreamPools({
    timeoutMs: config.upstreamTimeoutMs,
    bodyTimeoutMs: 0,
    connections: null,
  });
  const upstreamOf = (service: ServiceName) =>
    service === 'stream'
      ? streamPools.get(config.upstreams.stream)
      : pools.get(config.upstreams[service]);
  const manifest = new RemotesManifest(config.remotesManifest, (err) =>
    logger.warn(
      { err, file: config.remotesManifest },
      'remotes manifest unreadable; keeping the last good one',
    ),
  );
  const auth =
    deps.auth ??
    createAuth({ jwksUrl: new URL('/.well-known/jwks.json', config.upstreams.identity).href });
  const compression =
    deps.compression ?? new CompressionCache({ maxBytes: config.compressionCacheBytes });
  const docs = createApiDocs(
    deps.buildOpenApiDocument ?? (() => buildOpenApiDocument()),
    compression,
  );
  const apiProxy = {
    timeoutMs: config.upstreamTimeoutMs,
    trustProxy: config.trustProxy,
    bodyLimits: { json: config.jsonBodyLimit, upload: config.uploadBodyLimit },
  };
  const staticProxy = { timeoutMs: config.upstreamTimeoutMs, trustProxy: config.trustProxy };

  // What the composed routes need: token checks and the services' internal routes.
  const internal = {
    auth,
    identity: pools.get(config.upstreams.identity),
    forum: pools.get(config.upstreams.forum),
    messaging: pools.get(config.upstreams.messaging),
    timeoutMs: config.upstreamTimeoutMs,
  };
  /** The routes the gateway composes itself, by method and routing-table pattern. */
  const gatewayRoutes = new Map<string, (ctx: Context) => Promise<void>>([
    [
      'GET /api/admin/stats',
      (ctx) => adminStats(ctx, { ...internal, adminUsername: config.adminUsername }),
    ],
    ['GET /api/auth/me/export', (ctx) => accountExport(ctx, internal)],
  ]);

  async function handleApi(ctx: Context): Promise<void> {
    // The API documentation is the gateway's own page, not an API operation.
    if (READ_METHODS.has(ctx.method) && docs.paths.includes(withoutTrailingSlash(ctx.path))) {
      setRouteLabel(ctx, withoutTrailingSlash(ctx.path));
      return docs.serve(ctx);
    }
    const route = resolveApiRoute(ctx.method, ctx.path);
    if (!route) throw new HttpError(404, NOT_FOUND);
    setRouteLabel(ctx, route.route);
    if (route.target !== 'gateway') {
      return proxyRequest(ctx, upstreamOf(route.target), apiProxy);
    }
    // HEAD resolves to the GET row (and Koa sends no body for it).
    const answer = gatewayRoutes.get(
      `${ctx.method === 'HEAD' ? 'GET' : ctx.method} ${route.route}`,
    );
    if (!answer) throw new HttpError(404, NOT_FOUND);
    await answer(ctx);
  }

  async function handleStatic(ctx: Context): Promise<void> {
    if (!READ_METHODS.has(ctx.method) || isAmbiguousPath(ctx.path)) {
      throw new HttpError(404, NOT_FOUND);
    }
    if (isUnder(ctx.path, '/media')) {
      setRouteLabel(ctx, '/media/*');
      const service = resolveMediaService(ctx.path);
      if (!service) throw new HttpError(404, NOT_FOUND);
      return proxyRequest(ctx, upstreamOf(service), staticProxy);
    }
    if (ctx.path === '/remotes.json') {
      setRouteLabel(ctx, '/remotes.json');
      return serveRemotesManifest(ctx, manifest, compression);
    }
    if (isUnder(ctx.path, '/remotes')) {
      setRouteLabel(ctx, '/remotes/*');
      const upstream = config.staticUpstreams.remotes[remoteNameOf(ctx.path) ?? ''];
      if (upstream) return proxyRequest(ctx, pools.get(upstream), staticProxy);
      return serveRemoteFile(ctx, config.remotesDir, compression);
    }
    setRouteLabel(ctx, 'shell');
    if (config.staticUpstreams.shell) {
      return proxyRequest(ctx, pools.get(config.staticUpstreams.shell), staticProxy);
    }
    return serveShell(ctx, config.shellDir, compression);
  }

  const dispatch: Middleware = async (ctx, next) => {
    if (OWN_PROBES.has(ctx.path)) return next();
    if (isUnder(ctx.path, '/api')) return handleApi(ctx);
    return handleStatic(ctx);
  };

  const metrics = createHttpMetrics('gateway');
  const security = securityHeaderList(config.hstsMaxAge);
  // Dev mode's CSP follows the dev servers in remotes.json (read per request): Koa path only.
  const fastPath = config.devMode
    ? undefined
    : createProxyFastPath({
        logger,
        metrics,
        upstream: upstreamOf,
        securityHeaders: security,
        trustProxy: config.trustProxy,
        ownPaths: docs.paths,
      });

  const app = createApp({
    name: 'gateway',
    logger,
    // The fast path answers body-less /api calls in front of Koa and records into these metrics.
    koa: new GatewayKoa({ proxy: config.trustProxy }, fastPath),
    metrics,
    // The site works without live updates (clients poll), so the stream service is not required.
    ready: upstreamReadiness(pools, {
      identity: config.upstreams.identity,
      forum: config.upstreams.forum,
      messaging: config.upstreams.messaging,
    }),
    // Client IPs and protocol come from X-Forwarded-* only behind a proxy we were told to trust.
    trustProxy: config.trustProxy,
    bodyParser: false,
    apiHealthAlias: false,
    beforeRoutes: [
      securityHeaders({
        hstsMaxAge: config.hstsMaxAge,
        ...(config.devMode ? { devOrigins: () => manifest.externalOrigins() } : {}),
      }),
      dispatch,
    ],
  });
  return { app, close: () => Promise.all([pools.close(), streamPools.close()]).then(() => {}) };
}
