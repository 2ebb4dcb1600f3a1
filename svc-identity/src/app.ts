import type Koa from 'koa';
import type { Connection } from 'mongoose';
import { createApp, createAuth, serveMedia, type ReadinessCheck } from '@forum/service-kit';
import type { IdentityDeps } from './deps.js';
import { createRateLimiter } from './services/rate-limiter.js';
import { wellKnownRoutes } from './routes/well-known.js';
import { internalRoutes } from './routes/internal.js';
import { authRoutes } from './routes/auth.js';
import { badgeRoutes } from './routes/badges.js';
import { adminRoutes } from './routes/admin.js';
import { avatarRoutes } from './routes/avatar.js';
import type { RouteDeps } from './routes/route-deps.js';

export const SERVICE_NAME = 'svc-identity';

export interface IdentityAppDeps {
  deps: IdentityDeps;
  conn: Connection;
  ready?: ReadinessCheck;
}

export function createIdentityApp({ deps, conn, ready }: IdentityAppDeps): Koa {
  const { config, logger, keys, models } = deps;
  const app = createApp({
    name: SERVICE_NAME,
    logger,
    trustProxy: config.TRUST_PROXY,
    database: conn,
    ...(ready ? { ready } : {}),
  });
  const route: RouteDeps = {
    deps,
    // Identity verifies its own tokens with its public key (no JWKS round trip).
    auth: createAuth({ publicKey: keys.publicKey }),
    limiter: createRateLimiter(models, {
      limit: config.AUTH_RATE_LIMIT,
      windowSeconds: config.AUTH_RATE_WINDOW,
      now: deps.now,
    }),
  };
  // GET/HEAD /media/avatars/<sha256>.webp with immutable cache headers.
  app.use(serveMedia(deps.avatars));
  const routers = [
    wellKnownRoutes(keys),
    internalRoutes(models),
    avatarRoutes(route),
    authRoutes(route),
    badgeRoutes(deps),
    adminRoutes(route),
  ];
  for (const router of routers) {
    app.use(router.routes());
    app.use(router.allowedMethods({ throw: true }));
  }
  return app;
}
