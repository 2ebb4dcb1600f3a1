import type Koa from 'koa';
import type { Connection } from 'mongoose';
import {
  createApp,
  serveRoutes,
  type Auth,
  type Logger,
  type ReadinessCheck,
  type ServiceHandlers,
} from '@forum/service-kit';
import type { ElectionSettings, ForumDeps, ForumMedia } from './deps.js';
import { DEV_BALLOT_SECRET } from './config.js';
import { serveForumMedia } from './media.js';
import { createForumModels } from './models/index.js';
import { communityHandlers } from './routes/communities.js';
import { membershipHandlers } from './routes/memberships.js';
import { communityLogoHandlers } from './routes/community-logo.js';
import { postHandlers } from './routes/posts.js';
import { postActionHandlers } from './routes/post-actions.js';
import { subscriptionHandlers } from './routes/subscriptions.js';
import { profilePostHandlers } from './routes/profile-posts.js';
import { commentHandlers } from './routes/comments.js';
import { commentActionHandlers } from './routes/comment-actions.js';
import { profileCommentHandlers } from './routes/profile-comments.js';
import { adminHandlers } from './routes/admin.js';
import { internalHandlers } from './routes/internal.js';
import { moderatorHandlers } from './routes/moderators.js';
import { moderationActionHandlers } from './routes/moderation-actions.js';
import { banHandlers } from './routes/bans.js';
import { modlogHandlers } from './routes/modlog.js';
import { reportHandlers } from './routes/reports.js';
import { appealHandlers } from './routes/appeals.js';
import { electionHandlers } from './routes/elections.js';
import { searchHandlers } from './routes/search.js';

export const SERVICE_NAME = 'svc-forum';

export interface ForumAppDeps {
  logger: Logger;
  conn: Connection;
  auth: Auth;
  /** The event outbox (forum.post.voted, forum.comment.created, ...). */
  outbox: ForumDeps['outbox'];
  /** Logo and post image stores (createForumMedia(dir)). */
  media: ForumMedia;
  /** ADMIN_USERNAME (the admin cannot be banned). */
  adminUsername: string;
  /** ELECTION_MIN_PHASE_SECONDS and ELECTION_BALLOT_SECRET; default: config's defaults. */
  elections?: ElectionSettings;
  ready?: ReadinessCheck;
}

/** One handler per forum contract route; a missing one is a type error here. */
export const forumHandlers = (deps: ForumDeps): ServiceHandlers<'forum'> => ({
  ...communityHandlers(deps),
  ...membershipHandlers(deps),
  ...communityLogoHandlers(deps),
  ...postHandlers(deps),
  ...postActionHandlers(deps),
  ...subscriptionHandlers(deps),
  ...profilePostHandlers(deps),
  ...commentHandlers(deps),
  ...commentActionHandlers(deps),
  ...profileCommentHandlers(deps),
  ...adminHandlers(deps),
  ...internalHandlers(deps),
  ...moderatorHandlers(deps),
  ...moderationActionHandlers(deps),
  ...banHandlers(deps),
  ...modlogHandlers(deps),
  ...reportHandlers(deps),
  ...appealHandlers(deps),
  ...electionHandlers(deps),
  ...searchHandlers(deps),
});

/** The forum HTTP app without listen: tests serve it directly, main.ts runs it. */
export function createForumApp({
  logger,
  conn,
  auth,
  outbox,
  media,
  adminUsername,
  elections = { minPhaseSeconds: 86400, ballotSecret: DEV_BALLOT_SECRET },
  ready,
}: ForumAppDeps): Koa {
  const app = createApp({
    name: SERVICE_NAME,
    logger,
    database: conn,
    ...(ready ? { ready } : {}),
  });
  const deps: ForumDeps = {
    models: createForumModels(conn),
    conn,
    outbox,
    media,
    adminUsername,
    elections,
  };
  for (const serve of serveForumMedia(media)) app.use(serve);
  serveRoutes(app, { service: 'forum', auth, handlers: forumHandlers(deps) });
  return app;
}
