import type { BadgeDoc } from '../models/badge.js';

export type AwardedBadgeType = Exclude<BadgeDoc['badge_type'], 'other'>;

type BadgeDefinition = Pick<BadgeDoc, 'name' | 'description' | 'icon'>;

export const BADGE_DEFINITIONS: Record<AwardedBadgeType, BadgeDefinition> = {
  founders_club: {
    name: 'Founders Club',
    description: 'One of the first members of the community',
    icon: 'crown',
  },
  community_builder: {
    name: 'Community Builder',
    description: 'Invited 3 friends who joined the community',
    icon: 'users',
  },
};
