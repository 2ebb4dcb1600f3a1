// Contract schemas the forum's calls parse with, loaded lazily (a chunk of their own, with zod)
// in parallel with the first request, so they stay out of the first paint.
export {
  BadgesResponse,
  CastVoteResponse,
  CommentPageResponse,
  CommentResponse,
  CommentThreadsResponse,
  CommunityResponse,
  JoinLeaveResponse,
  ListCommunitiesResponse,
  ListPostsResponse,
  LogoResponse,
  MembershipResponse,
  PostResponse,
  ReactionsResponse,
  SavedResponse,
  SubscribedResponse,
  UserResponse,
} from '@forum/contracts';
