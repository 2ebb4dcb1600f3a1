import { join } from 'node:path';
import {
  connectMongo,
  connectNats,
  createAuth,
  createEventOutbox,
  createLogger,
  dependencyReadiness,
  ensureIndexes,
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
import { createIdentityApp, SERVICE_NAME } from './app.js';
import type { IdentityConfig } from './config.js';
import type { IdentityDeps } from './deps.js';
import { identityStreams } from './events/streams.js';
import { startVoteConsumer } from './events/vote-consumer.js';
import { loadSigningKeys, type SigningKeys } from './keys/signing-keys.js';
import { createIdentityModels } from './models/index.js';
import { dropRetiredIdentityIndexes, migrateIdentityIndexes } from './models/migrate-indexes.js';
import { createPasswordHasher } from './domain/passwords.js';
import { createFileMailer, createSmtpMailer, type Mailer } from './mail/mailer.js';
import { createAvatarStore } from './services/avatar-store.js';
import { backfillSearchTerms } from './use-cases/backfill-search-terms.js';

export interface RunningIdentity extends RunningService {
  conn: Connection;
  nats: NatsConnection;
  outbox: EventOutbox;
  keys: SigningKeys;
  consumers: RunningConsumer[];
  deps: IdentityDeps;
}

export interface StartOptions {
  handleSignals?: boolean;
  logger?: Logger;
  /** Tests replace the mailer or the clock. */
  mailer?: Mailer;
  now?: () => Date;
}

export const avatarDir = (config: IdentityConfig) =>
  config.AVATAR_DIR ?? join(config.DATA_DIR, 'media', 'avatars');

/** Everything main.ts does after reading config; integration tests start the service this way. */
export async function startIdentityService(
  config: IdentityConfig,
  { handleSignals = true, logger, mailer, now = () => new Date() }: StartOptions = {},
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
  const conn = await connectMongo(config.MONGO_URL, config.MONGO_DB, log, {
    serverSelectionTimeoutMS: config.MONGO_PRIMARY_WAIT_MS,
  });
  const nats = await connectNats(config.NATS_URL, log, SERVICE_NAME);
  await ensureStreams(await nats.jetstreamManager(), identityStreams);
  const js = nats.jetstream();
  const outbox = createEventOutbox({ conn, js, logger: log });
  outbox.start();
  await migrateIdentityIndexes(conn, log);
  const models = createIdentityModels(conn);
  await ensureIndexes(conn, log);
  await dropRetiredIdentityIndexes(conn, log);
  // User search's terms for users registered before it (its index is built by now); idempotent.
  const searchable = await backfillSearchTerms({ models });
  if (searchable) log.info({ users: searchable }, 'search terms added to existing users');
  const consumers = [await startVoteConsumer({ js, conn, models, logger: log })];

  const deps: IdentityDeps = {
    models,
    conn,
    config,
    keys,
    outbox,
    passwords: createPasswordHasher(config.BCRYPT_ROUNDS),
    mailer:
      mailer ??
      (config.SMTP_URL
        ? createSmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM })
        : createFileMailer({ dir: config.MAIL_DIR, from: config.MAIL_FROM, logger: log })),
    avatars: createAvatarStore(avatarDir(config)),
    logger: log,
    now,
  };
  const app = createIdentityApp({
    ...deps,
    // Identity verifies its own tokens with its public key (no JWKS round trip).
    auth: createAuth({ publicKey: keys.publicKey }),
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
  return { ...running, conn, nats, outbox, keys, consumers, deps };
}
