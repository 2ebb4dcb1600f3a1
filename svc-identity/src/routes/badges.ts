import type { IdentityDeps } from '../deps.js';
import { presentBadge } from '../presenters/badge.js';
import { listUserBadges } from '../use-cases/list-user-badges.js';
import type { IdentityHandlers } from './handlers.js';

export const badgeHandlers = (deps: IdentityDeps) =>
  ({
    'GET /api/badges/user/{userId}': async ({ params }) => ({
      badges: (await listUserBadges(deps, params.userId)).map(presentBadge),
    }),
  }) satisfies IdentityHandlers;
