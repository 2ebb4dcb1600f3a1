import {
  connectMongo,
  connectNats,
  createDirectoryActiveUserCache,
  createAuth,
  createEventOutbox,
  createLogger,
  dependencyReadiness,
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
import { join } from 'node:path';
import type { Connection } from 'mongoose';
import type { NatsConnection } from 'nats';
import { createForumApp, SERVICE_NAME } from './app.js';
import { DEV_BALLOT_SECRET, type ForumConfig } from './config.js';
import { BLOCKS_DURABLE, DIRECTORY_DURABLE, forumStreams } from './events/streams.js';
import { startCommentFanOut } from './events/comment-fanout.js';
import { startModerationInbox } from './events/moderation-inbox.js';
import { startAccountDeletionConsumer } from './events/account-deletion.js';
import { startDeletionSweep } from './deletion-sweep.js';
import { startElectionSweep } from './election-sweep.js';
import type { ForumDeps } from './deps.js';
import { createForumModels } from './models/index.js';
import { dropForumRetiredIndexes } from './models/retired-indexes.js';
import { backfillModeration } from './use-cases/backfill-moderation.js';
import { backfillPostCounts } from './use-cases/backfill-post-counts.js';
import { backfillTopCommentCounts } from './use-cases/backfill-top-comment-counts.js';
import { backfillSearchTerms } from './use-cases/backfill-search-terms.js';
import { createForumMedia } from './media.js';

export interface StartOptions {
  handleSignals?: boolean;
  logger?: Logger;
  /** Token verification key; default: identity's JWKS at IDENTITY_URL (tests pass their own). */
  auth?: AuthKeyOptions;
}

export interface RunningForum extends RunningService {
  conn: Connection;
  nats: NatsConnection;
  outbox: EventOutbox;
  consumers: RunningConsumer[];
  logger: Logger;
}

/** Everything main.ts does after reading config; integration tests start the service this way. */
export async function startForumService(
  config: ForumConfig,
  { handleSignals = true, logger, auth: authKeys }: StartOptions = {},
): Promise<RunningForum> {
  const log = logger ?? createLogger({ name: SERVICE_NAME, level: config.LOG_LEVEL });
  if (config.ELECTION_BALLOT_SECRET === DEV_BALLOT_SECRET) {
    // Named, never printed: the secret is what keeps ballots unlinkable (docs/ELECTIONS.md).
    log.warn('ELECTION_BALLOT_SECRET is the development default; set your own in production');
  }
  const conn = await connectMongo(config.MONGO_URL, config.MONGO_DB, log, {
    serverSelectionTimeoutMS: config.MONGO_PRIMARY_WAIT_MS,
  });
  const nats = await connectNats(config.NATS_URL, log, SERVICE_NAME);
  await ensureStreams(await nats.jetstreamManager(), forumStreams);
  const js = nats.jetstream();
  const outbox = createEventOutbox({ conn, js, logger: log });
  outbox.start();
  const models = createForumModels(conn);
  await ensureIndexes(conn, log);
  const retired = await dropForumRetiredIndexes(models);
  if (retired.length) log.info({ indexes: retired }, 'retired indexes dropped');
  // What moderation needs of data written before it (owner seats, `removed: false`), once the
  // indexes it reads by are built (dropForumRetiredIndexes waited for them); idempotent.
  const { owners } = await backfillModeration({ models });
  if (owners) log.info({ owners }, 'communities given their creator as owner');
  // The post counters behind the lists' totals, for a database made before them (once).
  const recounted = await backfillPostCounts({ models, conn });
  if (recounted !== null) log.info({ communities: recounted }, 'post counters counted');
  // The posts' top-level comment counters behind their comment lists' totals (once).
  const topCounted = await backfillTopCommentCounts({ models, conn });
  if (topCounted !== null) log.info({ posts: topCounted }, 'top-level comment counters counted');
  // The terms search requires every word by, for posts, comments and communities before it (once).
  const searchable = await backfillSearchTerms({ models, conn });
  if (searchable !== null) log.info({ documents: searchable }, 'search terms filled');
  // The is-active check behind every token (ARCHITECTURE §5), over the directory replica.
  const activeUsers = createDirectoryActiveUserCache(models.DirectoryUser);
  const media = createForumMedia(config.MEDIA_DIR ?? join(config.DATA_DIR, 'media'));
  const elections = {
    minPhaseSeconds: config.ELECTION_MIN_PHASE_SECONDS,
    ballotSecret: config.ELECTION_BALLOT_SECRET,
  };
  const deps: ForumDeps = {
    models,
    conn,
    outbox,
    media,
    adminUsername: config.ADMIN_USERNAME,
    elections,
  };
  const consumers = [
    await startUserDirectoryConsumer({
      js,
      conn,
      model: models.DirectoryUser,
      durable: DIRECTORY_DURABLE,
      logger: log,
      onUserUpdated: (userId) => activeUsers.forget(userId),
    }),
    await startCommentFanOut({ js, conn, logger: log, models, outbox }),
    ...(await startModerationInbox({ js, conn, logger: log, models })),
    await startBlockConsumer({
      js,
      conn,
      logger: log,
      Block: models.Block,
      durable: BLOCKS_DURABLE,
    }),
    // EXTENSIONS §B2: a deleted account's posts, comments, seats and marks (events that waited
    // while the service was down are applied now).
    await startAccountDeletionConsumer({ js, logger: log, deps }),
  ];

  const auth = createAuth({
    ...(authKeys ?? { jwksUrl: new URL('/.well-known/jwks.json', config.IDENTITY_URL).href }),
    isActive: activeUsers.isActive,
  });
  const app = createForumApp({
    logger: log,
    conn,
    auth,
    outbox,
    media,
    adminUsername: config.ADMIN_USERNAME,
    elections,
    ready: dependencyReadiness({ mongo: conn, nats }),
  });
  const sweep = startDeletionSweep({ deps: { models, media }, logger: log });
  // Tallies that came due while the service was down run now, then on time (EXTENSIONS §E).
  const electionSweep = startElectionSweep({ deps, logger: log });
  const shutdown = shutdownSequence({ consumers, outbox, nats, mongo: conn, logger: log });
  const running = await runService({
    name: SERVICE_NAME,
    app,
    port: config.PORT,
    host: config.HOST,
    logger: log,
    handleSignals,
    onStop: async () => {
      await Promise.all([sweep.stop(), electionSweep.stop()]);
      await shutdown();
    },
  });
  return { ...running, conn, nats, outbox, consumers, logger: log };
}
