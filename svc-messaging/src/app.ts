import type Koa from 'koa';
import { createApp, type Auth, type Logger, type ReadinessCheck } from '@forum/service-kit';
import type { EventSink, MessagingDeps } from './deps.js';
import type { MessagingModels } from './models/index.js';
import { internalRoutes } from './routes/internal.js';
import { messageRoutes } from './routes/messages.js';
import { notificationRoutes } from './routes/notifications.js';

export const SERVICE_NAME = 'svc-messaging';

export interface MessagingAppDeps {
  logger: Logger;
  models: MessagingModels;
  auth: Auth;
  /** The event outbox (messaging.message.sent). */
  events: EventSink;
  ready?: ReadinessCheck;
}

/** The messaging HTTP app without listen: tests serve it directly, main.ts runs it. */
export function createMessagingApp({ logger, models, auth, events, ready }: MessagingAppDeps): Koa {
  const app = createApp({
    name: SERVICE_NAME,
    logger,
    // Every model shares the service's one connection.
    database: models.Conversation.db,
    ...(ready ? { ready } : {}),
  });
  const deps: MessagingDeps = { models, events };
  const routers = [
    messageRoutes(deps, auth),
    notificationRoutes(deps, auth),
    internalRoutes(models),
  ];
  for (const router of routers) {
    app.use(router.routes());
    app.use(router.allowedMethods({ throw: true }));
  }
  return app;
}
