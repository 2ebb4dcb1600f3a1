import type Koa from 'koa';
import type { Connection } from 'mongoose';
import { createApp, type Logger, type ReadinessCheck } from '@forum/service-kit';
import type { SigningKeys } from './keys/signing-keys.js';
import { createIdentityModels } from './models/index.js';
import { wellKnownRoutes } from './routes/well-known.js';
import { internalRoutes } from './routes/internal.js';

export const SERVICE_NAME = 'svc-identity';

export interface IdentityAppDeps {
  logger: Logger;
  conn: Connection;
  keys: SigningKeys;
  ready?: ReadinessCheck;
}

export function createIdentityApp({ logger, conn, keys, ready }: IdentityAppDeps): Koa {
  const app = createApp({ name: SERVICE_NAME, logger, ...(ready ? { ready } : {}) });
  const models = createIdentityModels(conn);
  for (const router of [wellKnownRoutes(keys), internalRoutes(models)]) {
    app.use(router.routes());
    app.use(router.allowedMethods({ throw: true }));
  }
  return app;
}
