import { z } from '../zod.js';
import { Community } from './communities.js';

/** GET /api/admin/communities: every community with its counters (post_count always present). */
export const AdminCommunity = Community.extend({ post_count: z.number().int().nonnegative() });
export const AdminCommunitiesResponse = z.object({ communities: z.array(AdminCommunity) });
export type AdminCommunitiesResponse = z.infer<typeof AdminCommunitiesResponse>;

export const ADMIN_ACCESS_DENIED = 'Access denied. Admin privileges required.';
