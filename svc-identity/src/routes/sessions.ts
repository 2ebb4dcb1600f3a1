import { AuthMessages } from '@forum/contracts';
import type { IdentityDeps } from '../deps.js';
import { presentSession } from '../presenters/session.js';
import { limitPerIp, type RateLimiter } from '../services/rate-limiter.js';
import { loginUser } from '../use-cases/login-user.js';
import { logoutUser } from '../use-cases/logout-user.js';
import { registerUser } from '../use-cases/register-user.js';
import { rotateRefreshToken } from '../use-cases/rotate-refresh-token.js';
import type { IdentityHandlers } from './handlers.js';

/**
 * Accounts and sessions under /api/auth. Each limited route spends the caller's IP budget first,
 * then (with a valid body) the account's.
 */
export const sessionHandlers = (deps: IdentityDeps, limiter: RateLimiter) =>
  ({
    'POST /api/auth/register': {
      use: [limitPerIp(limiter, 'register')],
      handle: async ({ body }, ctx) => {
        await limiter.hit(ctx, 'register', 'account', body.email);
        return presentSession(await registerUser(deps, body));
      },
    },
    'POST /api/auth/login': {
      use: [limitPerIp(limiter, 'login')],
      handle: async ({ body }, ctx) => {
        const throttleAccount = (account: string) => limiter.hit(ctx, 'login', 'account', account);
        return presentSession(await loginUser(deps, { ...body, throttleAccount }));
      },
    },
    'POST /api/auth/refresh': {
      use: [limitPerIp(limiter, 'refresh')],
      handle: ({ body }, ctx) =>
        rotateRefreshToken(deps, {
          refreshToken: body.refreshToken,
          throttleAccount: (userId) => limiter.hit(ctx, 'refresh', 'account', userId),
        }),
    },
    // No auth: signing out must work with an expired access token.
    'POST /api/auth/logout': async ({ body }) => {
      await logoutUser(deps, body.refreshToken);
      return { message: AuthMessages.loggedOut };
    },
  }) satisfies IdentityHandlers;
