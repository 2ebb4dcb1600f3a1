import type Koa from 'koa';
import type { Connection } from 'mongoose';
import { createApp, type Auth, type Logger, type ReadinessCheck } from '@forum/service-kit';
import type { EventSink, ForumDeps, ForumMedia } from './deps.js';
import { serveForumMedia } from './media.js';
import { createForumModels } from './models/index.js';
import { communityRoutes } from './routes/communities.js';
import { postRoutes } from './routes/posts.js';
import { postActionRoutes } from './routes/post-actions.js';
import { subscriptionRoutes } from './routes/subscriptions.js';
import { profilePostRoutes } from './routes/profile-posts.js';
import { adminRoutes } from './routes/admin.js';
import { internalRoutes } from './routes/internal.js';
import { commentRoutes } from './routes/comments.js';
import { commentActionRoutes } from './routes/comment-actions.js';
import { profileCommentRoutes } from './routes/profile-comments.js';

export const SERVICE_NAME = 'svc-forum';

export interface ForumAppDeps {
  logger: Logger;
  conn: Connection;
  auth: Auth;
  /** The event outbox (forum.post.voted, forum.comment.created, ...). */
  events: EventSink;
  /** Logo and post image stores (createForumMedia(dir)). */
  media: ForumMedia;
  ready?: ReadinessCheck;
}

/** The forum HTTP app without listen: tests serve it directly, main.ts runs it. */
export function createForumApp({ logger, conn, auth, events, media, ready }: ForumAppDeps): Koa {
  const app = createApp({
    name: SERVICE_NAME,
    logger,
    database: conn,
    ...(ready ? { ready } : {}),
  });
  const deps: ForumDeps = { models: createForumModels(conn), conn, events, media };
  for (const serve of serveForumMedia(media)) app.use(serve);
  const routers = [
    communityRoutes(deps, auth),
    postRoutes(deps, auth),
    postActionRoutes(deps, auth),
    subscriptionRoutes(deps, auth),
    profilePostRoutes(deps, auth),
    commentRoutes(deps, auth),
    commentActionRoutes(deps, auth),
    profileCommentRoutes(deps, auth),
    adminRoutes(deps, auth),
    internalRoutes(conn),
  ];
  for (const router of routers) {
    app.use(router.routes());
    app.use(router.allowedMethods({ throw: true }));
  }
  return app;
}
