import { Router } from '@koa/router';
import {
  AuthMessages,
  ForgotPasswordRequest,
  LoginRequest,
  LogoutRequest,
  ProfileParams,
  RefreshRequest,
  RegisterRequest,
  ResetPasswordRequest,
} from '@forum/contracts';
import { parseBody, parseParams } from '@forum/service-kit';
import { registerUser } from '../use-cases/register-user.js';
import { loginUser } from '../use-cases/login-user.js';
import { rotateRefreshToken } from '../use-cases/rotate-refresh-token.js';
import { logoutUser } from '../use-cases/logout-user.js';
import { requestPasswordReset } from '../use-cases/request-password-reset.js';
import { resetPassword } from '../use-cases/reset-password.js';
import { getCurrentUser } from '../use-cases/get-current-user.js';
import { getPublicProfile } from '../use-cases/get-public-profile.js';
import { getReferralCode } from '../use-cases/get-referral-code.js';
import { getReferralStats } from '../use-cases/get-referral-stats.js';
import { presentSession } from '../presenters/session.js';
import { presentOwnUser, presentPublicUser } from '../presenters/user.js';
import { signedIn, type RouteDeps } from './route-deps.js';

/** Accounts, sessions, password recovery, profiles and referrals under /api/auth. */
export function authRoutes(route: RouteDeps): Router {
  const { deps, limiter } = route;
  const router = new Router({ prefix: '/api/auth' });

  router.post('/register', async (ctx) => {
    await limiter.hit(ctx, 'register', 'ip', ctx.ip);
    const body = parseBody(ctx, RegisterRequest);
    await limiter.hit(ctx, 'register', 'account', body.email);
    ctx.status = 201;
    ctx.body = presentSession(await registerUser(deps, body));
  });

  router.post('/login', async (ctx) => {
    await limiter.hit(ctx, 'login', 'ip', ctx.ip);
    const body = parseBody(ctx, LoginRequest);
    const throttleAccount = (account: string) => limiter.hit(ctx, 'login', 'account', account);
    ctx.body = presentSession(await loginUser(deps, { ...body, throttleAccount }));
  });

  router.post('/refresh', async (ctx) => {
    await limiter.hit(ctx, 'refresh', 'ip', ctx.ip);
    const { refreshToken } = parseBody(ctx, RefreshRequest);
    ctx.body = await rotateRefreshToken(deps, {
      refreshToken,
      throttleAccount: (userId) => limiter.hit(ctx, 'refresh', 'account', userId),
    });
  });

  // No auth middleware: signing out must work with an expired access token.
  router.post('/logout', async (ctx) => {
    const { refreshToken } = parseBody(ctx, LogoutRequest);
    await logoutUser(deps, refreshToken);
    ctx.body = { message: AuthMessages.loggedOut };
  });

  router.post('/forgot-password', async (ctx) => {
    await limiter.hit(ctx, 'password-reset', 'ip', ctx.ip);
    const { email } = parseBody(ctx, ForgotPasswordRequest);
    await limiter.hit(ctx, 'password-reset', 'account', email);
    await requestPasswordReset(deps, email);
    ctx.body = { message: AuthMessages.resetEmailSent };
  });

  router.post('/reset-password', async (ctx) => {
    await limiter.hit(ctx, 'password-reset', 'ip', ctx.ip);
    const body = parseBody(ctx, ResetPasswordRequest);
    await resetPassword(deps, {
      ...body,
      throttleAccount: (userId) => limiter.hit(ctx, 'password-reset', 'account', userId),
    });
    ctx.body = { message: AuthMessages.passwordReset };
  });

  router.get('/me', ...signedIn(route), async (ctx) => {
    ctx.body = { user: presentOwnUser(await getCurrentUser(deps, ctx.state.user!.id)) };
  });

  router.get('/user/:username', async (ctx) => {
    const { username } = parseParams(ctx, ProfileParams);
    ctx.body = { user: presentPublicUser(await getPublicProfile(deps, username)) };
  });

  router.get('/referral-code', ...signedIn(route), async (ctx) => {
    ctx.body = { referral_code: await getReferralCode(deps, ctx.state.user!.id) };
  });

  router.get('/referral-stats', ...signedIn(route), async (ctx) => {
    ctx.body = await getReferralStats(deps, ctx.state.user!.id);
  });

  return router;
}
