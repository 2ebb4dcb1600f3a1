import type { IdentityDeps } from '../deps.js';
import { presentPublicUser } from '../presenters/user.js';
import { searchUsers } from '../use-cases/search-users.js';
import type { IdentityHandlers } from './handlers.js';

/** EXTENSIONS §S: identity's part of search, public profiles only (never an email). */
export const searchHandlers = (deps: IdentityDeps) =>
  ({
    'GET /api/search/users': async ({ query }) => {
      const { users, total, hasMore } = await searchUsers(deps, query);
      return { users: users.map(presentPublicUser), pagination: { total, hasMore } };
    },
  }) satisfies IdentityHandlers;
