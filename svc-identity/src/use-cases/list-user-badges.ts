import { Types } from 'mongoose';
import { AuthMessages } from '@forum/contracts';
import { notFound } from '@forum/service-kit';
import type { IdentityDeps } from '../deps.js';
import type { BadgeDoc } from '../models/badge.js';

/** Newest first (the profile shows the first six); a deleted account has none, and no profile. */
export async function listUserBadges(
  { models }: IdentityDeps,
  userId: string,
): Promise<BadgeDoc[]> {
  const id = new Types.ObjectId(userId);
  if (!(await models.User.exists({ _id: id, deleted_at: null })))
    throw notFound(AuthMessages.userNotFound);
  return models.Badge.find({ user_id: id }).sort({ earned_at: -1, _id: -1 }).lean<BadgeDoc[]>();
}
