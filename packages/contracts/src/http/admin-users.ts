import { z } from '../zod.js';
import { ModerationTexts, Reason } from './moderation.js';
import { Id, Timestamp, limitParam } from './common.js';
import { User } from './users.js';

export const ADMIN_PAGE_SIZES = [25, 50, 100] as const;
export const ADMIN_USER_SORTS = [
  'username',
  'email',
  'created_at',
  'last_active',
  'total_score',
] as const;
export type AdminUserSort = (typeof ADMIN_USER_SORTS)[number];

export const ADMIN_DENIED = 'Access denied. Admin privileges required.';

/** The admin table's row: the User plus the fields spec §3 adds for the admin list. */
export const AdminUser = User.extend({
  email: z.string(),
  is_active: z.boolean(),
  email_verified: z.boolean(),
  last_active: Timestamp.nullable(),
}).meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof AdminUser>;

export const AdminUsersQuery = z.object({
  page: z.coerce
    .number({ error: 'page must be a positive integer' })
    .int('page must be a positive integer')
    .min(1, 'page must be a positive integer')
    .max(1_000_000, 'page is too large')
    .default(1),
  /** The screen offers ADMIN_PAGE_SIZES; the API takes any size up to 100. */
  limit: limitParam(25),
  sortBy: z
    .enum(ADMIN_USER_SORTS, { error: `sortBy must be one of ${ADMIN_USER_SORTS.join(', ')}` })
    .default('created_at'),
  /** Either case: the spec's screen toggles "DESC"/"ASC". */
  sortOrder: z
    .enum(['asc', 'desc', 'ASC', 'DESC'], { error: 'sortOrder must be asc or desc' })
    .transform((order) => order.toLowerCase() as 'asc' | 'desc')
    .default('desc'),
  search: z.string().trim().max(100, 'search must be at most 100 characters').optional(),
});
export type AdminUsersQuery = z.infer<typeof AdminUsersQuery>;

export const AdminPagination = z
  .object({
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int().nonnegative(),
    totalPages: z.number().int().nonnegative(),
    hasPrevPage: z.boolean(),
    hasNextPage: z.boolean(),
  })
  .meta({ id: 'AdminPagination' });
export type AdminPagination = z.infer<typeof AdminPagination>;

export const AdminUsersResponse = z.object({
  users: z.array(AdminUser),
  pagination: AdminPagination,
});
export type AdminUsersResponse = z.infer<typeof AdminUsersResponse>;

export const AdminUserParams = z.object({ id: Id });
/**
 * Deactivating a user is a `site_ban` in the public log (EXTENSIONS §M3) and needs a reason;
 * reactivating (`site_unban`) may give one.
 */
export const UpdateAdminUserRequest = z
  .object({
    is_active: z.boolean({ error: 'is_active must be true or false' }),
    reason: Reason.optional(),
  })
  .refine((body) => body.is_active || body.reason !== undefined, {
    message: ModerationTexts.reasonRequired,
    path: ['reason'],
  });
export type UpdateAdminUserRequest = z.infer<typeof UpdateAdminUserRequest>;
export const AdminUserResponse = z.object({ user: AdminUser });
export type AdminUserResponse = z.infer<typeof AdminUserResponse>;

export const DailyUserStat = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  new_users: z.number().int().nonnegative(),
});
/** The last 7 UTC days, oldest first, one row per day (zero included). */
export const DailyUserStatsResponse = z.object({ daily_stats: z.array(DailyUserStat) });
export type DailyUserStatsResponse = z.infer<typeof DailyUserStatsResponse>;
