import type { IdentityDeps } from '../deps.js';
import { presentBlocks } from '../presenters/blocks.js';
import { listBlocks } from '../use-cases/list-blocks.js';
import { setBlock } from '../use-cases/set-block.js';
import type { IdentityHandlers } from './handlers.js';

/** EXTENSIONS §B1: blocking, private to the blocker. */
export const blockHandlers = (deps: IdentityDeps) =>
  ({
    'GET /api/blocks': async ({ user }) => presentBlocks(await listBlocks(deps, user.id)),
    'PUT /api/blocks/{username}': ({ user, params }) =>
      setBlock(deps, { blockerId: user.id, username: params.username, blocked: true }),
    'DELETE /api/blocks/{username}': ({ user, params }) =>
      setBlock(deps, { blockerId: user.id, username: params.username, blocked: false }),
  }) satisfies IdentityHandlers;
