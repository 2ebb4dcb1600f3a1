import { Types } from 'mongoose';
import { AuthMessages } from '@forum/contracts';
import { notFound } from '@forum/service-kit';
import type { IdentityDeps } from '../deps.js';
import type { BadgeDoc } from '../models/badge.js';
import type { UserDoc } from '../models/user.js';
import { listBlocks, type ListedBlock } from './list-blocks.js';

/** The fields of the export's profile; never the hash, the tokens or the score's event ids. */
const EXPORT_FIELDS = {
  username: 1,
  email: 1,
  email_verified: 1,
  avatar_url: 1,
  created_at: 1,
  last_active: 1,
  total_score: 1,
  referral_code: 1,
} as const;

export type ExportedUser = Pick<
  UserDoc,
  | '_id'
  | 'username'
  | 'email'
  | 'email_verified'
  | 'avatar_url'
  | 'created_at'
  | 'last_active'
  | 'total_score'
  | 'referral_code'
>;

export interface ExportedReferral {
  username: string;
  created_at: Date;
}

export interface IdentityData {
  user: ExportedUser;
  referrals: ExportedReferral[];
  badges: BadgeDoc[];
  blocks: ListedBlock[];
}

/** The accounts registered with the user's code, oldest first (referrals are few per user). */
export const referralsQuery = (referrerId: Types.ObjectId) => ({
  filter: { referrer_id: referrerId },
  sort: { created_at: 1, _id: 1 } as const,
});

async function listReferrals(
  { models }: Pick<IdentityDeps, 'models'>,
  referrerId: Types.ObjectId,
): Promise<ExportedReferral[]> {
  const q = referralsQuery(referrerId);
  const referrals = await models.Referral.find(q.filter, { referred_id: 1, created_at: 1 })
    .sort(q.sort)
    .lean();
  if (!referrals.length) return [];
  const users = await models.User.find(
    { _id: { $in: referrals.map((r) => r.referred_id) } },
    { username: 1 },
  ).lean();
  const names = new Map(users.map((u) => [u._id.toHexString(), u.username]));
  return referrals.flatMap((r) => {
    const username = names.get(r.referred_id.toHexString());
    return username ? [{ username, created_at: r.created_at }] : [];
  });
}

/**
 * GET identity:/internal/export (EXTENSIONS §B2): everything identity holds about the verified
 * caller, for the gateway to compose into the downloaded file. Each read is one indexed query.
 */
export async function exportIdentityData(
  deps: IdentityDeps,
  userId: string,
): Promise<IdentityData> {
  const { User, Badge } = deps.models;
  const _id = new Types.ObjectId(userId);
  const user = await User.findById(_id, EXPORT_FIELDS).lean<ExportedUser>();
  if (!user) throw notFound(AuthMessages.userNotFound);
  const [referrals, badges, blocks] = await Promise.all([
    listReferrals(deps, _id),
    Badge.find({ user_id: _id }).sort({ earned_at: -1, _id: -1 }).lean<BadgeDoc[]>(),
    listBlocks(deps, userId),
  ]);
  return { user, referrals, badges, blocks };
}
