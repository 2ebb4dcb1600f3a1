import type { ClientSession, Types } from 'mongoose';
import { COMMUNITY_BUILDER_REFERRALS, Subjects } from '@forum/contracts';
import type { IdentityDeps } from '../deps.js';
import { awardBadge } from './award-badge.js';

type Party = { _id: Types.ObjectId; username: string };

/**
 * The referred user has registered (in the same transaction): record the referral (unique per
 * referred user), announce it, and give the referrer Community Builder at the threshold.
 */
export async function completeReferral(
  deps: IdentityDeps,
  session: ClientSession,
  referrer: Party,
  referred: Party,
): Promise<void> {
  const { Referral } = deps.models;
  await Referral.create({ referrer_id: referrer._id, referred_id: referred._id });
  const completed = await Referral.countDocuments({ referrer_id: referrer._id });
  await deps.outbox.add(
    Subjects.ReferralCompleted,
    {
      referrer_id: referrer._id.toHexString(),
      referrer_username: referrer.username,
      referred_user_id: referred._id.toHexString(),
      referred_username: referred.username,
      completed_referrals: completed,
    },
    { session },
  );
  if (completed >= COMMUNITY_BUILDER_REFERRALS) {
    await awardBadge(deps, session, referrer._id, 'community_builder');
  }
}
