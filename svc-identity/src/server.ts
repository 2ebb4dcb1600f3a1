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
  type RunningService,
} from '@forum/service-kit';
import type { Connection } from 'mongoose';
import type { NatsConnection } from 'nats';
import { createIdentityApp, SERVICE_NAME } from './app.js';
import type { IdentityConfig } from './config.js';
import { identityStreams } from './events/streams.js';
import { loadSigningKeys, type SigningKeys } from './keys/signing-keys.js';

export interface RunningIdentity extends RunningService {
  conn: Connection;
  nats: NatsConnection;
  outbox: EventOutbox;
  keys: SigningKeys;
}

export async function startIdentityService(
  config: IdentityConfig,
  { handleSignals = true, logger }: { handleSignals?: boolean; logger?: Logger } = {},
): Promise<RunningIdentity> {
  const log = logger ?? createLogger({ name: SERVICE_NAME, level: config.LOG_LEVEL });
  const keys = await loadSigningKeys(
    {
      privatePem: config.JWT_PRIVATE_KEY,
      publicPem: config.JWT_PUBLIC_KEY,
      dataDir: config.DATA_DIR,
    },
    log,
  );
  const conn = await connectMongo(config.MONGO_URL, config.MONGO_DB, log);
  const nats = await connectNats(config.NATS_URL, log, SERVICE_NAME);
  await ensureStreams(await nats.jetstreamManager(), identityStreams);
  const outbox = createEventOutbox({ conn, js: nats.jetstream(), logger: log });
  outbox.start();

  const app = createIdentityApp({
    logger: log,
    conn,
    keys,
    ready: dependencyReadiness({ mongo: conn, nats }),
  });
  const running = await runService({
    name: SERVICE_NAME,
    app,
    port: config.PORT,
    host: config.HOST,
    logger: log,
    handleSignals,
    onStop: shutdownSequence({ outbox, nats, mongo: conn, logger: log }),
  });
  return { ...running, conn, nats, outbox, keys };
}
