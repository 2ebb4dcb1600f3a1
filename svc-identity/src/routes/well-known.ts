import { Router } from '@koa/router';
import type { SigningKeys } from '../keys/signing-keys.js';
import { presentJwks } from '../presenters/jwks.js';

/** Public keys that every service uses to verify access tokens. */
export function wellKnownRoutes(keys: SigningKeys): Router {
  const router = new Router();
  const body = presentJwks(keys);
  router.get('/.well-known/jwks.json', (ctx) => {
    // Verifiers cache; a rotation is picked up through an unknown kid refetch.
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = body;
  });
  return router;
}
