import type { IdentityDeps } from '../deps.js';
import type { IdentityHandlers } from './handlers.js';

// SCAFFOLD (issue 20, being built): replaced by the real handlers before this lands.
const pending = () => {
  throw new Error('not built yet');
};

/** EXTENSIONS §B1: blocking. */
export const blockHandlers = (_deps: IdentityDeps) =>
  ({
    'GET /api/blocks': pending,
    'PUT /api/blocks/{username}': pending,
    'DELETE /api/blocks/{username}': pending,
  }) satisfies IdentityHandlers;
