import type { IdentityDeps } from '../deps.js';
import { presentJwks } from '../presenters/jwks.js';
import { presentIdentityStats } from '../presenters/stats.js';
import { getIdentityStats } from '../use-cases/get-identity-stats.js';
import type { IdentityHandlers } from './handlers.js';

/** Service-to-service endpoints; the gateway never routes them. */
export const internalHandlers = ({ keys, models }: IdentityDeps) => {
  const jwks = presentJwks(keys);
  return {
    // Public keys that every service uses to verify access tokens.
    'GET identity:/.well-known/jwks.json': (_input, ctx) => {
      // Verifiers cache; a rotation is picked up through an unknown kid refetch.
      ctx.set('Cache-Control', 'public, max-age=300');
      return jwks;
    },
    'GET identity:/internal/stats': async () =>
      presentIdentityStats(await getIdentityStats(models)),
  } satisfies IdentityHandlers;
};
