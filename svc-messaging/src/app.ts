import type Koa from 'koa';
import { createApp, type Logger, type ReadinessCheck } from '@forum/service-kit';
import type { MessagingModels } from './models/index.js';
import { internalRoutes } from './routes/internal.js';

export const SERVICE_NAME = 'svc-messaging';

export interface MessagingAppDeps {
  logger: Logger;
  models: MessagingModels;
  ready?: ReadinessCheck;
}

export function createMessagingApp({ logger, models, ready }: MessagingAppDeps): Koa {
  const app = createApp({ name: SERVICE_NAME, logger, ...(ready ? { ready } : {}) });
  for (const router of [internalRoutes(models)]) {
    app.use(router.routes());
    app.use(router.allowedMethods({ throw: true }));
  }
  return app;
}
