// The contract schemas the typed calls parse with. Loaded lazily by lazySchemas.ts (a separate
// chunk), so zod is not part of the shell's first paint. Static named imports keep tree-shaking
// precise.
export {
  CommunityResponse,
  ListCommunitiesResponse,
  ListNotificationsResponse,
  ListPostsResponse,
  PostResponse,
  ReferralCodeResponse,
  ReferralStatsResponse,
  RefreshResponse,
  SessionResponse,
  UnreadCountResponse,
  UserResponse,
} from '@forum/contracts';
