import type { IdentityDeps } from '../deps.js';
import type { RateLimiter } from '../services/rate-limiter.js';
import type { IdentityHandlers } from './handlers.js';

// SCAFFOLD (issue 20, being built): replaced by the real handlers before this lands.
const pending = () => {
  throw new Error('not built yet');
};

/** EXTENSIONS §B2: password and email changes, email verification. */
export const accountSettingsHandlers = (_deps: IdentityDeps, _limiter: RateLimiter) =>
  ({
    'PUT /api/auth/password': pending,
    'PUT /api/auth/email': pending,
    'POST /api/auth/verify-email': pending,
    'POST /api/auth/verify-email/resend': pending,
  }) satisfies IdentityHandlers;
