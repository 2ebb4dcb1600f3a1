import { AccountTexts } from '@forum/contracts';
import type { IdentityDeps } from '../deps.js';
import { presentOwnUser } from '../presenters/user.js';
import { limitPerIp, type RateLimiter } from '../services/rate-limiter.js';
import { changeEmail } from '../use-cases/change-email.js';
import { changePassword } from '../use-cases/change-password.js';
import { resendVerification } from '../use-cases/resend-verification.js';
import { verifyEmail } from '../use-cases/verify-email.js';
import type { IdentityHandlers } from './handlers.js';

/**
 * EXTENSIONS §B2: password and email changes, email verification. The password checks spend an
 * attempt budget per account (as logins do); the open verify route spends the caller's IP budget.
 */
export const accountSettingsHandlers = (deps: IdentityDeps, limiter: RateLimiter) =>
  ({
    'PUT /api/auth/password': ({ user, body }, ctx) =>
      changePassword(deps, {
        userId: user.id,
        input: body,
        throttleAccount: (id) => limiter.hit(ctx, 'password-change', 'account', id),
      }),
    'PUT /api/auth/email': async ({ user, body }, ctx) => ({
      user: presentOwnUser(
        await changeEmail(deps, {
          userId: user.id,
          input: body,
          throttleAccount: (id) => limiter.hit(ctx, 'email-change', 'account', id),
        }),
      ),
    }),
    'POST /api/auth/verify-email': {
      use: [limitPerIp(limiter, 'verify-email')],
      handle: async ({ body }) => {
        await verifyEmail(deps, body.token);
        return { message: AccountTexts.emailVerified };
      },
    },
    'POST /api/auth/verify-email/resend': async ({ user }, ctx) => {
      await limiter.hit(ctx, 'verification-resend', 'account', user.id);
      await resendVerification(deps, user.id);
      return { message: AccountTexts.verificationSent };
    },
  }) satisfies IdentityHandlers;
