import type { Types } from 'mongoose';
import { COMMUNITY_BUILDER_REFERRALS, Subjects } from '@forum/contracts';
import { isDuplicateKeyError } from '@forum/service-kit';
import type { IdentityDeps } from '../deps.js';
import { awardBadge } from './award-badge.js';

type Party = { _id: Types.ObjectId; username: string };

/**
 * The referred user has registered: record it (once per referred user), announce it, and give
 * the referrer Community Builder when the count reaches the threshold.
 */
export async function completeReferral(
  deps: IdentityDeps,
  referrer: Party,
  referred: Party,
): Promise<void> {
  const { Referral } = deps.models;
  try {
    await Referral.create({ referrer_id: referrer._id, referred_id: referred._id });
  } catch (err) {
    if (isDuplicateKeyError(err)) return;
    throw err;
  }
  const completed = await Referral.countDocuments({ referrer_id: referrer._id });
  await deps.outbox.add(Subjects.ReferralCompleted, {
    referrer_id: referrer._id.toHexString(),
    referrer_username: referrer.username,
    referred_user_id: referred._id.toHexString(),
    referred_username: referred.username,
    completed_referrals: completed,
  });
  if (completed >= COMMUNITY_BUILDER_REFERRALS) {
    await awardBadge(deps, referrer._id, 'community_builder');
  }
}
