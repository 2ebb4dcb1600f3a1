import {
  connectMongo,
  connectNats,
  createEventOutbox,
  createLogger,
  dependencyReadiness,
  ensureStreams,
  runService,
  shutdownSequence,
  type EventOutbox,
  type Logger,
  type RunningConsumer,
  type RunningService,
} from '@forum/service-kit';
import type { Connection } from 'mongoose';
import type { NatsConnection } from 'nats';
import { createMessagingApp, SERVICE_NAME } from './app.js';
import type { MessagingConfig } from './config.js';
import { messagingStreams } from './events/streams.js';
import { startDirectoryConsumer } from './events/directory-consumer.js';
import { createMessagingModels } from './models/index.js';

export interface RunningMessaging extends RunningService {
  conn: Connection;
  nats: NatsConnection;
  outbox: EventOutbox;
  consumers: RunningConsumer[];
}

export async function startMessagingService(
  config: MessagingConfig,
  { handleSignals = true, logger }: { handleSignals?: boolean; logger?: Logger } = {},
): Promise<RunningMessaging> {
  const log = logger ?? createLogger({ name: SERVICE_NAME, level: config.LOG_LEVEL });
  const conn = await connectMongo(config.MONGO_URL, config.MONGO_DB, log);
  const models = createMessagingModels(conn);
  await Promise.all(Object.values(models).map((m) => m.init()));
  const nats = await connectNats(config.NATS_URL, log, SERVICE_NAME);
  await ensureStreams(await nats.jetstreamManager(), messagingStreams);
  const js = nats.jetstream();
  const outbox = createEventOutbox({ conn, js, logger: log });
  outbox.start();
  const consumers = [
    await startDirectoryConsumer({
      js,
      conn,
      models,
      logger: log,
      maxDeliver: config.EVENT_MAX_DELIVER,
    }),
  ];

  const app = createMessagingApp({
    logger: log,
    models,
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
