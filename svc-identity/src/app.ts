import type Koa from 'koa';
import {
  createApp,
  serveMedia,
  serveRoutes,
  type Auth,
  type ReadinessCheck,
  type ServiceHandlers,
} from '@forum/service-kit';
import type { IdentityDeps } from './deps.js';
import { requireActiveAccount } from './policies/active-account.js';
import { canAdminister } from './policies/admin.js';
import { createRateLimiter } from './services/rate-limiter.js';
import { accountDataHandlers } from './routes/account-data.js';
import { accountSettingsHandlers } from './routes/account-settings.js';
import { adminHandlers } from './routes/admin.js';
import { avatarHandlers } from './routes/avatar.js';
import { badgeHandlers } from './routes/badges.js';
import { blockHandlers } from './routes/blocks.js';
import { internalHandlers } from './routes/internal.js';
import { passwordResetHandlers } from './routes/password-reset.js';
import { profileHandlers } from './routes/profiles.js';
import { referralHandlers } from './routes/referrals.js';
import { searchHandlers } from './routes/search.js';
import { sessionHandlers } from './routes/sessions.js';

export const SERVICE_NAME = 'svc-identity';

/** What use cases get, plus what only the HTTP app needs. */
export interface IdentityAppDeps extends IdentityDeps {
  auth: Auth;
  ready?: ReadinessCheck;
}

/** The identity HTTP app without listen: tests serve it directly, main.ts runs it. */
export function createIdentityApp({ auth, ready, ...deps }: IdentityAppDeps): Koa {
  const { config, logger, models, conn } = deps;
  const app = createApp({
    name: SERVICE_NAME,
    logger,
    trustProxy: config.TRUST_PROXY,
    database: conn,
    ...(ready ? { ready } : {}),
  });
  const limiter = createRateLimiter(models, {
    limit: config.AUTH_RATE_LIMIT,
    windowSeconds: config.AUTH_RATE_WINDOW,
    now: deps.now,
  });
  // GET/HEAD /media/avatars/<sha256>.webp with immutable cache headers.
  app.use(serveMedia(deps.avatars));
  const handlers: ServiceHandlers<'identity'> = {
    ...sessionHandlers(deps, limiter),
    ...passwordResetHandlers(deps, limiter),
    ...profileHandlers(deps),
    ...referralHandlers(deps),
    ...avatarHandlers(deps),
    ...badgeHandlers(deps),
    ...adminHandlers(deps),
    ...internalHandlers(deps),
    ...searchHandlers(deps),
    ...accountSettingsHandlers(deps, limiter),
    ...accountDataHandlers(deps, limiter),
    ...blockHandlers(deps),
  };
  serveRoutes(app, {
    service: 'identity',
    auth,
    handlers,
    // A valid token is not enough here: the account must still exist and be active.
    afterAuth: [requireActiveAccount(deps)],
    // The signed claim and the username must both say admin.
    isAdmin: (user) => canAdminister(config, user),
  });
  return app;
}
