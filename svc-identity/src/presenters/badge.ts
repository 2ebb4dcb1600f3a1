import type { Badge } from '@forum/contracts';
import type { BadgeDoc } from '../models/badge.js';

export const presentBadge = (doc: BadgeDoc): Badge => ({
  id: doc._id.toHexString(),
  badge_type: doc.badge_type,
  name: doc.name,
  description: doc.description,
  icon: doc.icon,
  earned_at: doc.earned_at.toISOString(),
});
