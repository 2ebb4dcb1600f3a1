import {
  connectNats,
  createAuth,
  createLogger,
  dependencyReadiness,
  runService,
  shutdownSequence,
  type AuthKeyOptions,
  type Logger,
  type RunningService,
} from '@forum/service-kit';
import type { NatsConnection } from 'nats';
import { createStreamApp, SERVICE_NAME } from './app.js';
import type { StreamConfig } from './config.js';
import type { StreamDeps } from './deps.js';
import { connectionDrainer } from './drain-connections.js';
import { subscribeToEvents } from './events/subscriptions.js';
import { createForumClient } from './upstreams/forum-client.js';
import { createMessagingClient } from './upstreams/messaging-client.js';

export interface RunningStream extends RunningService {
  nats: NatsConnection;
  deps: StreamDeps;
}

export interface StartOptions {
  handleSignals?: boolean;
  logger?: Logger;
  /** Token verification key; default: identity's JWKS at IDENTITY_URL (tests pass their own). */
  auth?: AuthKeyOptions;
}

/** Everything main.ts does after reading config; integration tests start the service this way. */
export async function startStreamService(
  config: StreamConfig,
  { handleSignals = true, logger, auth: authKeys }: StartOptions = {},
): Promise<RunningStream> {
  const log = logger ?? createLogger({ name: SERVICE_NAME, level: config.LOG_LEVEL });
  const nats = await connectNats(config.NATS_URL, log, SERVICE_NAME);
  const { app, deps } = createStreamApp({
    logger: log,
    // No is-active check here (no directory replica): messaging's answer at open refuses a
    // deactivated account, and identity.user.updated ends its open streams.
    auth: createAuth(
      authKeys ?? { jwksUrl: new URL('/.well-known/jwks.json', config.IDENTITY_URL).href },
    ),
    forum: createForumClient(config.FORUM_URL, config.STREAM_UPSTREAM_TIMEOUT_MS),
    messaging: createMessagingClient(config.MESSAGING_URL, config.STREAM_UPSTREAM_TIMEOUT_MS),
    heartbeatMs: config.STREAM_HEARTBEAT_MS,
    maxBufferBytes: config.STREAM_MAX_BUFFER_BYTES,
    ready: dependencyReadiness({ nats }),
  });
  const subscriptions = subscribeToEvents(nats, deps, log);
  // Node's requestTimeout (300 s) and headersTimeout bound receiving the request only, not a
  // long response (checked on Node 20), so they stay as they are; startEventStream lifts the
  // socket's idle timeout.
  // The drainer watches the server runService creates; onClosing runs only after that.
  const later: { drainer?: { stopping(): void } } = {};
  const running = await runService({
    name: SERVICE_NAME,
    app,
    port: config.PORT,
    host: config.HOST,
    logger: log,
    handleSignals,
    // Stopping waits for open responses: end the streams (clients reconnect to another
    // instance), refuse new ones, and close what is left once the last response ends.
    onClosing: () => {
      deps.hub.shutdown();
      later.drainer?.stopping();
    },
    onStop: async () => {
      for (const sub of subscriptions) sub.unsubscribe();
      await shutdownSequence({ nats, logger: log })();
    },
  });
  later.drainer = connectionDrainer(running.server);
  return { ...running, nats, deps };
}
