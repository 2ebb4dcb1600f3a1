import { AccountDataTexts } from '@forum/contracts';
import type { IdentityDeps } from '../deps.js';
import { presentIdentityExport } from '../presenters/identity-export.js';
import type { RateLimiter } from '../services/rate-limiter.js';
import { deleteAccount } from '../use-cases/delete-account.js';
import { exportIdentityData } from '../use-cases/export-identity-data.js';
import type { IdentityHandlers } from './handlers.js';

/**
 * EXTENSIONS §B2: account deletion (the password spends the account's attempt budget, as the
 * other settings) and identity's part of the data export, which the gateway composes.
 */
export const accountDataHandlers = (deps: IdentityDeps, limiter: RateLimiter) =>
  ({
    'DELETE /api/auth/me': async ({ user, body }, ctx) => {
      await deleteAccount(deps, {
        userId: user.id,
        username: user.username,
        input: body,
        throttleAccount: (id) => limiter.hit(ctx, 'account-delete', 'account', id),
      });
      return { message: AccountDataTexts.accountDeleted };
    },
    'GET identity:/internal/export': async ({ user }) =>
      presentIdentityExport(await exportIdentityData(deps, user.id)),
  }) satisfies IdentityHandlers;
