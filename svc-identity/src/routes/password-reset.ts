import { AuthMessages } from '@forum/contracts';
import type { IdentityDeps } from '../deps.js';
import { limitPerIp, type RateLimiter } from '../services/rate-limiter.js';
import { requestPasswordReset } from '../use-cases/request-password-reset.js';
import { resetPassword } from '../use-cases/reset-password.js';
import type { IdentityHandlers } from './handlers.js';

/** Password recovery: one answer whether or not the address exists. */
export const passwordResetHandlers = (deps: IdentityDeps, limiter: RateLimiter) =>
  ({
    'POST /api/auth/forgot-password': {
      use: [limitPerIp(limiter, 'password-reset')],
      handle: async ({ body }, ctx) => {
        await limiter.hit(ctx, 'password-reset', 'account', body.email);
        await requestPasswordReset(deps, body.email);
        return { message: AuthMessages.resetEmailSent };
      },
    },
    'POST /api/auth/reset-password': {
      use: [limitPerIp(limiter, 'password-reset')],
      handle: async ({ body }, ctx) => {
        await resetPassword(deps, {
          ...body,
          throttleAccount: (userId) => limiter.hit(ctx, 'password-reset', 'account', userId),
        });
        return { message: AuthMessages.passwordReset };
      },
    },
  }) satisfies IdentityHandlers;
