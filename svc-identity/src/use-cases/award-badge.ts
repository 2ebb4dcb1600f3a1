import { Types, type ClientSession } from 'mongoose';
import { Subjects } from '@forum/contracts';
import type { IdentityDeps } from '../deps.js';
import { BADGE_DEFINITIONS, type AwardedBadgeType } from '../domain/badges.js';
import type { BadgeDoc } from '../models/badge.js';

/**
 * Awards a badge once, inside the caller's transaction: an upsert on the unique (user,
 * badge_type) pair (the shard key first) inserts only the first award, and only that one puts
 * identity.badge.earned in the outbox. Returns the new badge, or null.
 */
export async function awardBadge(
  deps: Pick<IdentityDeps, 'models' | 'outbox' | 'now'>,
  session: ClientSession,
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
  const { _id, name, description, icon, earned_at } = badge;
  const { upsertedCount } = await deps.models.Badge.updateOne(
    { user_id: userId, badge_type: type },
    { $setOnInsert: { _id, name, description, icon, earned_at } },
    { upsert: true },
  );
  if (upsertedCount === 0) return null;
  await deps.outbox.add(
    Subjects.BadgeEarned,
    {
      user_id: userId.toHexString(),
      badge_id: _id.toHexString(),
      badge_type: type,
      name,
      description,
      icon,
      earned_at: earned_at.toISOString(),
    },
    { session },
  );
  return badge;
}
