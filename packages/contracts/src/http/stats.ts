import { z } from '../zod.js';

const Count = z.number().int().nonnegative();

/** GET /internal/stats on svc-identity. */
export const IdentityStats = z.object({ total_users: Count });
export type IdentityStats = z.infer<typeof IdentityStats>;

/** GET /internal/stats on svc-forum. */
export const ForumStats = z.object({
  total_communities: Count,
  total_posts: Count,
  total_comments: Count,
});
export type ForumStats = z.infer<typeof ForumStats>;

/** GET /api/admin/stats, composed by the gateway from the two above. */
export const AdminStats = IdentityStats.extend(ForumStats.shape).meta({ id: 'AdminStats' });
export type AdminStats = z.infer<typeof AdminStats>;
