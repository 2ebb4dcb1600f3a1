import {
  AdminCommunitiesResponse,
  AdminStats,
  AdminUserResponse,
  AdminUsersResponse,
  DailyUserStatsResponse,
} from '@forum/contracts';
import type { SuccessSchemaTable } from '../successSchemas';

/** The admin area: site stats, users and communities. */
export const schemas = {
  'GET /api/admin/stats': AdminStats,
  'GET /api/admin/users': AdminUsersResponse,
  'PATCH /api/admin/users/{id}': AdminUserResponse,
  'GET /api/admin/daily-user-stats': DailyUserStatsResponse,
  'GET /api/admin/communities': AdminCommunitiesResponse,
} satisfies Partial<SuccessSchemaTable>;
