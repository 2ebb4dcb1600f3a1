// The contract schemas the admin calls parse with, loaded lazily (admin.ts) in parallel with the
// first request so zod stays out of the remote's first chunk.
export {
  AdminCommunitiesResponse,
  AdminStats,
  AdminUserResponse,
  AdminUsersResponse,
  DailyUserStatsResponse,
} from '@forum/contracts';
