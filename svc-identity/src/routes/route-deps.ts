import type { Middleware } from 'koa';
import type { Auth } from '@forum/service-kit';
import type { IdentityDeps } from '../deps.js';
import type { RateLimiter } from '../services/rate-limiter.js';
import { requireActiveAccount } from '../policies/active-account.js';

export interface RouteDeps {
  deps: IdentityDeps;
  auth: Auth;
  limiter: RateLimiter;
}

/** A valid access token of an account that is still active (and last_active kept fresh). */
export const signedIn = ({ deps, auth }: RouteDeps): Middleware[] => [
  auth.requireAuth,
  requireActiveAccount(deps),
];
