import type { IdentityDeps } from '../deps.js';
import { presentReferralCode, presentReferralStats } from '../presenters/referrals.js';
import { getReferralCode } from '../use-cases/get-referral-code.js';
import { getReferralStats } from '../use-cases/get-referral-stats.js';
import type { IdentityHandlers } from './handlers.js';

/** The caller's referral code and how many people registered with it. */
export const referralHandlers = (deps: IdentityDeps) =>
  ({
    'GET /api/auth/referral-code': async ({ user }) =>
      presentReferralCode(await getReferralCode(deps, user.id)),
    'GET /api/auth/referral-stats': async ({ user }) =>
      presentReferralStats(await getReferralStats(deps, user.id)),
  }) satisfies IdentityHandlers;
