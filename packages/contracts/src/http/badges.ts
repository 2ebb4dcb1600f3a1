import { z } from '../zod.js';
import { BADGE_ICONS, BADGE_TYPES } from '../events/identity.js';
import { Id, Timestamp } from './common.js';

export const Badge = z
  .object({
    id: Id,
    badge_type: z.enum(BADGE_TYPES),
    name: z.string(),
    description: z.string(),
    icon: z.enum(BADGE_ICONS),
    earned_at: Timestamp,
  })
  .meta({ id: 'Badge' });
export type Badge = z.infer<typeof Badge>;

/** Newest first. */
export const BadgesResponse = z.object({ badges: z.array(Badge) });
export type BadgesResponse = z.infer<typeof BadgesResponse>;

export const UserIdParams = z.object({ userId: Id });
