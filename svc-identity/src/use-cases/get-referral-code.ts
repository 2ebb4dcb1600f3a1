import { Types } from 'mongoose';
import { AuthMessages } from '@forum/contracts';
import { notFound } from '@forum/service-kit';
import type { IdentityDeps } from '../deps.js';

export async function getReferralCode({ models }: IdentityDeps, userId: string): Promise<string> {
  const user = await models.User.findById(new Types.ObjectId(userId), { referral_code: 1 }).lean();
  if (!user) throw notFound(AuthMessages.userNotFound);
  return user.referral_code;
}
