import type { Middleware } from 'koa';
import { Types } from 'mongoose';
import { AuthMessages } from '@forum/contracts';
import { HttpError, INVALID_TOKEN } from '@forum/service-kit';
import type { IdentityDeps } from '../deps.js';
import { touchLastActive } from '../use-cases/touch-last-active.js';

/**
 * After requireAuth: the account must still exist and be active. Access tokens live 15 minutes,
 * so deactivation takes effect here at once; a 401 makes the client try a refresh, which fails.
 */
export const requireActiveAccount =
  (deps: IdentityDeps): Middleware =>
  async (ctx, next) => {
    const caller = ctx.state.user;
    if (!caller || !Types.ObjectId.isValid(caller.id)) throw new HttpError(401, INVALID_TOKEN);
    const user = await deps.models.User.findById(caller.id, {
      is_active: 1,
      last_active: 1,
    }).lean();
    if (!user) throw new HttpError(401, INVALID_TOKEN);
    if (!user.is_active) throw new HttpError(401, AuthMessages.accountDeactivated);
    await touchLastActive(deps, user);
    await next();
  };
