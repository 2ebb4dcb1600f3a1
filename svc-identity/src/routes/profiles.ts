import type { IdentityDeps } from '../deps.js';
import { presentOwnUser, presentPublicUser } from '../presenters/user.js';
import { getCurrentUser } from '../use-cases/get-current-user.js';
import { getPublicProfile } from '../use-cases/get-public-profile.js';
import type { IdentityHandlers } from './handlers.js';

/** The caller's own account (email included) and anyone's public profile. */
export const profileHandlers = (deps: IdentityDeps) =>
  ({
    'GET /api/auth/me': async ({ user }) => ({
      user: presentOwnUser(await getCurrentUser(deps, user.id)),
    }),
    'GET /api/auth/user/{username}': async ({ params }) => ({
      user: presentPublicUser(await getPublicProfile(deps, params.username)),
    }),
  }) satisfies IdentityHandlers;
