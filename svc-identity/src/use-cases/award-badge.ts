import { Types } from 'mongoose';
import { Subjects } from '@forum/contracts';
import { isDuplicateKeyError } from '@forum/service-kit';
import type { IdentityDeps } from '../deps.js';
import { BADGE_DEFINITIONS, type AwardedBadgeType } from '../domain/badges.js';
import type { BadgeDoc } from '../models/badge.js';

/**
 * Awards a badge once: the unique (user, badge_type) index turns a second award into a no-op, so
 * only the first one publishes identity.badge.earned. Returns the new badge, or null.
 */
export async function awardBadge(
  deps: IdentityDeps,
  userId: Types.ObjectId,
  type: AwardedBadgeType,
): Promise<BadgeDoc | null> {
  const badge: BadgeDoc = {
    _id: new Types.ObjectId(),
    user_id: userId,
    badge_type: type,
    ...BADGE_DEFINITIONS[type],
    earned_at: deps.now(),
  };
  try {
    await deps.models.Badge.create(badge);
  } catch (err) {
    if (isDuplicateKeyError(err)) return null;
    throw err;
  }
  await deps.outbox.add(Subjects.BadgeEarned, {
    user_id: userId.toHexString(),
    badge_id: badge._id.toHexString(),
    badge_type: badge.badge_type,
    name: badge.name,
    description: badge.description,
    icon: badge.icon,
    earned_at: badge.earned_at.toISOString(),
  });
  return badge;
}
