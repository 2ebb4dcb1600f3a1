import { z } from '../zod.js';
import { Id, Pagination, Timestamp, limitParam, offsetParam } from './common.js';
import { CallerBan } from './moderation.js';

/** GET /api/communities/{id}/membership (spec §3 Membership). */
export const MembershipResponse = z.object({
  isMember: z.boolean(),
  /** The owner and the moderators (EXTENSIONS §M1). */
  isModerator: z.boolean(),
  // Additions for moderation (optional so older readers keep parsing):
  isOwner: z.boolean().optional(),
  /** The caller's active ban here (null when none): the banner, and the appeal's modlog_id. */
  ban: CallerBan.nullable().optional(),
});
export type MembershipResponse = z.infer<typeof MembershipResponse>;

/** POST /api/communities/{id}/join and /leave: the new state and the exact member count. */
export const JoinLeaveResponse = MembershipResponse.extend({
  member_count: z.number().int().nonnegative(),
});
export type JoinLeaveResponse = z.infer<typeof JoinLeaveResponse>;

export const CommunityMember = z
  .object({
    user_id: Id,
    username: z.string(),
    is_moderator: z.boolean(),
    joined_at: Timestamp,
  })
  .meta({ id: 'CommunityMember' });
export type CommunityMember = z.infer<typeof CommunityMember>;

/** GET /api/communities/{id}/members (limit 50, offset). */
export const ListMembersQuery = z.object({ limit: limitParam(50), offset: offsetParam });
export type ListMembersQuery = z.infer<typeof ListMembersQuery>;

export const ListMembersResponse = z.object({
  members: z.array(CommunityMember),
  pagination: Pagination,
});
export type ListMembersResponse = z.infer<typeof ListMembersResponse>;
