import { Types } from 'mongoose';
import type { IdentityDeps } from '../deps.js';

/** How many people registered with the user's referral code. */
export const getReferralStats = ({ models }: IdentityDeps, userId: string): Promise<number> =>
  models.Referral.countDocuments({ referrer_id: new Types.ObjectId(userId) });
