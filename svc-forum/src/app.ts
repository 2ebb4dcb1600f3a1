import type Koa from 'koa';
import type { Connection } from 'mongoose';
import { createApp, type Auth, type Logger, type ReadinessCheck } from '@forum/service-kit';
import { createForumModels } from './models/index.js';
import { postRoutes } from './routes/posts.js';
import { internalRoutes } from './routes/internal.js';

export const SERVICE_NAME = 'svc-forum';

export interface ForumAppDeps {
  logger: Logger;
  conn: Connection;
  auth: Auth;
  ready?: ReadinessCheck;
}

/** The forum HTTP app without listen: tests serve it directly, main.ts runs it. */
export function createForumApp({ logger, conn, auth, ready }: ForumAppDeps): Koa {
  const app = createApp({ name: SERVICE_NAME, logger, ...(ready ? { ready } : {}) });
  const models = createForumModels(conn);
  for (const router of [postRoutes(models, auth), internalRoutes(conn)]) {
    app.use(router.routes());
    app.use(router.allowedMethods({ throw: true }));
  }
  return app;
}
