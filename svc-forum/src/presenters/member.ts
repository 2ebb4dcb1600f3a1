import type { CommunityMember } from '@forum/contracts';
import type { MembershipDoc } from '../models/membership.js';

export const presentMember = (doc: MembershipDoc): CommunityMember => ({
  user_id: doc.user_id.toHexString(),
  username: doc.username,
  is_moderator: doc.is_moderator ?? false,
  joined_at: doc.joined_at.toISOString(),
});
