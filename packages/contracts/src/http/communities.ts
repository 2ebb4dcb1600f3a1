import { z } from '../zod.js';
import { Id, Pagination, Timestamp, limitParam, offsetParam } from './common.js';

/** The Community entity of spec §3. */
export const Community = z
  .object({
    id: Id,
    name: z.string(),
    description: z.string(),
    rules: z.string(),
    is_nsfw: z.boolean(),
    logo_url: z.string().nullable(),
    member_count: z.number().int().nonnegative(),
    created_by: Id,
    creator_username: z.string(),
    created_at: Timestamp,
    post_count: z.number().int().nonnegative().optional(),
  })
  .meta({ id: 'Community' });
export type Community = z.infer<typeof Community>;

export const CommunityResponse = z.object({ community: Community });

export const ListCommunitiesQuery = z.object({
  limit: limitParam(20),
  offset: offsetParam,
});
export type ListCommunitiesQuery = z.infer<typeof ListCommunitiesQuery>;

export const ListCommunitiesResponse = z.object({
  communities: z.array(Community),
  pagination: Pagination,
});
export type ListCommunitiesResponse = z.infer<typeof ListCommunitiesResponse>;
