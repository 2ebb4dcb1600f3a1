// The contract schemas the typed calls parse with. Loaded lazily by api.ts (a separate chunk), so
// zod is not part of the shell's first paint. Static named imports keep tree-shaking precise.
export {
  CommunityResponse,
  ListCommunitiesResponse,
  ListPostsResponse,
  PostResponse,
  UserResponse,
} from '@forum/contracts';
