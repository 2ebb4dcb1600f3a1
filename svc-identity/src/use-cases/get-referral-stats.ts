import { Types } from 'mongoose';
import type { IdentityDeps } from '../deps.js';

export const getReferralStats = async ({ models }: IdentityDeps, userId: string) => ({
  completed_referrals: await models.Referral.countDocuments({
    referrer_id: new Types.ObjectId(userId),
  }),
});
