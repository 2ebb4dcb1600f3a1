import type Koa from 'koa';
import {
  createApp,
  createHttpMetrics,
  serveRoutes,
  type Auth,
  type Logger,
  type ReadinessCheck,
} from '@forum/service-kit';
import type { StreamDeps } from './deps.js';
import { createStreamHub } from './hub/stream-hub.js';
import { createStreamMetrics } from './hub/stream-metrics.js';
import { createUnreadRefresher } from './hub/unread-refresher.js';
import { streamHandlers } from './routes/stream.js';
import type { ForumClient } from './upstreams/forum-client.js';
import type { MessagingClient } from './upstreams/messaging-client.js';

export const SERVICE_NAME = 'svc-stream';

export interface StreamAppDeps {
  logger: Logger;
  auth: Auth;
  forum: ForumClient;
  messaging: MessagingClient;
  heartbeatMs: number;
  maxBufferBytes: number;
  ready?: ReadinessCheck;
}

export interface StreamApp {
  app: Koa;
  /** The hub and the unread refresher, for the event subscriptions and shutdown. */
  deps: StreamDeps;
}

/** The stream HTTP app without listen: tests serve it directly, server.ts runs it. */
export function createStreamApp({
  logger,
  auth,
  forum,
  messaging,
  heartbeatMs,
  maxBufferBytes,
  ready,
}: StreamAppDeps): StreamApp {
  const metrics = createHttpMetrics(SERVICE_NAME);
  const app = createApp({
    name: SERVICE_NAME,
    logger,
    metrics,
    bodyParser: false,
    ...(ready ? { ready } : {}),
  });
  const streamMetrics = createStreamMetrics(metrics.registry, () => hub.openCount);
  const hub = createStreamHub({
    heartbeatMs,
    maxBufferBytes,
    onSlowClientDropped: () => streamMetrics.slowClientsDropped.inc(),
  });
  const unread = createUnreadRefresher({ hub, messaging, logger });
  const deps: StreamDeps = { hub, unread, forum, messaging };
  serveRoutes(app, { service: 'stream', auth, handlers: streamHandlers(deps) });
  return { app, deps };
}
