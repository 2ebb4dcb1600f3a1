import type Koa from 'koa';
import type { Connection } from 'mongoose';
import {
  createApp,
  createLivePublisher,
  serveRoutes,
  type Auth,
  type LivePublisher,
  type Logger,
  type ReadinessCheck,
  type ServiceHandlers,
} from '@forum/service-kit';
import type { MessagingDeps, Outbox } from './deps.js';
import { createMessagingModels } from './models/index.js';
import { internalHandlers } from './routes/internal.js';
import { messageHandlers } from './routes/messages.js';
import { notificationHandlers } from './routes/notifications.js';
import { notificationPreferenceHandlers } from './routes/notification-preferences.js';

export const SERVICE_NAME = 'svc-messaging';

export interface MessagingAppDeps {
  logger: Logger;
  conn: Connection;
  auth: Auth;
  /** The event outbox (messaging.message.sent). */
  outbox: Outbox;
  ready?: ReadinessCheck;
  /** Live hints (EXTENSIONS §L); without one, none are sent (tests of the HTTP app alone). */
  live?: LivePublisher;
}

/** The messaging HTTP app without listen: tests serve it directly, main.ts runs it. */
export function createMessagingApp({
  logger,
  conn,
  auth,
  outbox,
  ready,
  live = createLivePublisher(undefined, logger),
}: MessagingAppDeps): Koa {
  const app = createApp({
    name: SERVICE_NAME,
    logger,
    database: conn,
    ...(ready ? { ready } : {}),
  });
  const deps: MessagingDeps = { models: createMessagingModels(conn), outbox, conn, live };
  const handlers: ServiceHandlers<'messaging'> = {
    ...messageHandlers(deps),
    ...notificationHandlers(deps),
    ...internalHandlers(deps),
    ...notificationPreferenceHandlers(deps),
  };
  serveRoutes(app, { service: 'messaging', auth, handlers });
  return app;
}
