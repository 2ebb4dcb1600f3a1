import {
  connectMongo,
  connectNats,
  createDirectoryActiveUserCache,
  createAuth,
  createEventOutbox,
  createLivePublisher,
  createLogger,
  dependencyReadiness,
  dropRetiredIndexes,
  ensureIndexes,
  ensureStreams,
  runService,
  shutdownSequence,
  startUserDirectoryConsumer,
  type AuthKeyOptions,
  type EventOutbox,
  type Logger,
  type RunningConsumer,
  type RunningService,
  startBlockConsumer,
} from '@forum/service-kit';
import type { Connection } from 'mongoose';
import type { NatsConnection } from 'nats';
import { createMessagingApp, SERVICE_NAME } from './app.js';
import type { MessagingConfig } from './config.js';
import { BLOCKS_DURABLE, DIRECTORY_DURABLE, messagingStreams } from './events/streams.js';
import { startNotificationConsumers } from './events/notification-consumers.js';
import { startAccountDeletionConsumer } from './events/account-deletion-consumer.js';
import { createMessagingModels } from './models/index.js';
import { RETIRED_INDEXES } from './models/retired-indexes.js';

export interface RunningMessaging extends RunningService {
  conn: Connection;
  nats: NatsConnection;
  outbox: EventOutbox;
  consumers: RunningConsumer[];
}

export interface StartOptions {
  handleSignals?: boolean;
  logger?: Logger;
  /** Token verification key; default: identity's JWKS at IDENTITY_URL (tests pass their own). */
  auth?: AuthKeyOptions;
}

/** Everything main.ts does after reading config; integration tests start the service this way. */
export async function startMessagingService(
  config: MessagingConfig,
  { handleSignals = true, logger, auth: authKeys }: StartOptions = {},
): Promise<RunningMessaging> {
  const log = logger ?? createLogger({ name: SERVICE_NAME, level: config.LOG_LEVEL });
  const conn = await connectMongo(config.MONGO_URL, config.MONGO_DB, log, {
    serverSelectionTimeoutMS: config.MONGO_PRIMARY_WAIT_MS,
  });
  const models = createMessagingModels(conn);
  await ensureIndexes(conn, log);
  const retired = await dropRetiredIndexes(conn, RETIRED_INDEXES);
  if (retired.length) log.info({ indexes: retired }, 'retired indexes dropped');
  const nats = await connectNats(config.NATS_URL, log, SERVICE_NAME);
  await ensureStreams(await nats.jetstreamManager(), messagingStreams);
  const js = nats.jetstream();
  const outbox = createEventOutbox({ conn, js, logger: log });
  outbox.start();
  // Live hints go out on core NATS over the same connection (EXTENSIONS §L).
  const live = createLivePublisher(nats, log);
  // The is-active check behind every token (ARCHITECTURE §5), over the directory replica.
  const activeUsers = createDirectoryActiveUserCache(models.DirectoryUser);
  const consumers = [
    await startUserDirectoryConsumer({
      js,
      conn,
      model: models.DirectoryUser,
      durable: DIRECTORY_DURABLE,
      logger: log,
      maxDeliver: config.EVENT_MAX_DELIVER,
      onUserUpdated: (userId) => activeUsers.forget(userId),
    }),
    await startBlockConsumer({
      js,
      conn,
      Block: models.Block,
      durable: BLOCKS_DURABLE,
      logger: log,
      maxDeliver: config.EVENT_MAX_DELIVER,
      backoffBaseMs: config.EVENT_RETRY_BASE_MS,
    }),
    // EXTENSIONS §B2: a deleted account's notifications, preferences, blocks and name go.
    await startAccountDeletionConsumer({
      js,
      conn,
      models,
      logger: log,
      maxDeliver: config.EVENT_MAX_DELIVER,
      backoffBaseMs: config.EVENT_RETRY_BASE_MS,
      onDeleted: (userId) => activeUsers.forget(userId),
    }),
    ...(await startNotificationConsumers({
      js,
      conn,
      models,
      live,
      logger: log,
      maxDeliver: config.EVENT_MAX_DELIVER,
      backoffBaseMs: config.EVENT_RETRY_BASE_MS,
    })),
  ];

  const app = createMessagingApp({
    logger: log,
    conn,
    auth: createAuth({
      ...(authKeys ?? { jwksUrl: new URL('/.well-known/jwks.json', config.IDENTITY_URL).href }),
      isActive: activeUsers.isActive,
    }),
    outbox,
    live,
    ready: dependencyReadiness({ mongo: conn, nats }),
  });
  const running = await runService({
    name: SERVICE_NAME,
    app,
    port: config.PORT,
    host: config.HOST,
    logger: log,
    handleSignals,
    onStop: shutdownSequence({ consumers, outbox, nats, mongo: conn, logger: log }),
  });
  return { ...running, conn, nats, outbox, consumers };
}
