import { z } from '../zod.js';
import { IdParams } from './common.js';
import { CommunityResponse, ListCommunitiesQuery, ListCommunitiesResponse } from './communities.js';
import {
  CommunityNameParams,
  CreateCommunityBody,
  LogoResponse,
  MessageResponse,
  UpdateCommunityBody,
} from './community-write.js';
import {
  JoinLeaveResponse,
  ListMembersQuery,
  ListMembersResponse,
  MembershipResponse,
} from './membership.js';
import { AdminCommunitiesResponse } from './admin-communities.js';
import { ListPostsQuery, ListPostsResponse, PostResponse } from './posts.js';
import { CreatePostBody, UpdatePostBody } from './post-write.js';
import { ProfilePostsQuery, UsernameParams } from './post-lists.js';
import { CastVoteResponse, VoteBody, VoteResponse } from './vote.js';
import { ReactBody, ReactionsResponse } from './reaction.js';
import { ListSavedPostsQuery, SavedResponse } from './save.js';
import { PostIdParams, SubscribedResponse } from './subscription.js';
import { ForumStats } from './stats.js';
import { ModerationTexts } from './moderation.js';
import { errorResponse as error, routesFor } from './route-contract.js';
import { commentRoutes } from './comment-routes.js';

const forum = routesFor('forum');

const unauthenticated = error('Not signed in');
const invalid = error('Invalid input (the first rule broken is the error text)');
const communityMissing = error('Community not found');
const postMissing = error('Post not found');
const nsfwForVisitors = error('NSFW content, visitors only: Sign up to view NSFW content');
/** EXTENSIONS §M2: a banned user's writes in that community. */
const banned = error(ModerationTexts.banned);
/** Multipart uploads: the schema documents the text fields; the file goes in `field`. */
const LogoUpload = z.object({}).describe('multipart/form-data with the image in field `avatar`');

export const forumRoutes = [
  // Communities
  forum({
    method: 'post',
    path: '/api/communities',
    summary: 'Create a community; the creator becomes its first member and its owner',
    auth: 'required',
    request: { body: CreateCommunityBody },
    responses: {
      201: { description: 'Created', schema: CommunityResponse },
      400: invalid,
      401: unauthenticated,
      409: error('Community name is already taken'),
    },
  }),
  forum({
    method: 'get',
    path: '/api/communities',
    summary: 'List communities, most members first',
    auth: 'optional',
    request: { query: ListCommunitiesQuery },
    responses: { 200: { description: 'A page', schema: ListCommunitiesResponse }, 400: invalid },
  }),
  forum({
    method: 'get',
    path: '/api/communities/my',
    summary: "The caller's joined communities, newest join first",
    auth: 'required',
    request: { query: ListCommunitiesQuery },
    responses: {
      200: { description: 'A page', schema: ListCommunitiesResponse },
      401: unauthenticated,
    },
  }),
  forum({
    method: 'get',
    path: '/api/communities/id/{id}',
    summary: 'A community by id',
    auth: 'optional',
    request: { params: IdParams },
    responses: { 200: { description: 'Found', schema: CommunityResponse }, 404: communityMissing },
  }),
  forum({
    method: 'get',
    path: '/api/communities/name/{name}',
    summary: 'A community by name (any case)',
    auth: 'optional',
    request: { params: CommunityNameParams },
    responses: { 200: { description: 'Found', schema: CommunityResponse }, 404: communityMissing },
  }),
  ...(['join', 'leave'] as const).map((verb) =>
    forum({
      method: 'post',
      path: `/api/communities/{id}/${verb}`,
      summary: `${verb === 'join' ? 'Join' : 'Leave'} (idempotent; member_count exact)`,
      auth: 'required',
      request: { params: IdParams },
      responses: {
        200: { description: 'The membership now', schema: JoinLeaveResponse },
        400: error(verb === 'leave' ? 'The creator cannot leave their own community' : 'Bad id'),
        401: unauthenticated,
        // A banned user cannot join (EXTENSIONS §M2); leaving is never refused that way.
        ...(verb === 'join' ? { 403: banned } : ({} as Record<number, never>)),
        404: communityMissing,
      },
    }),
  ),
  forum({
    method: 'put',
    path: '/api/communities/{id}',
    summary:
      'Edit description and rules (the owner or the admin; logged as update_community; the name never changes)',
    auth: 'required',
    request: { params: IdParams, body: UpdateCommunityBody },
    responses: {
      200: { description: 'Updated', schema: CommunityResponse },
      400: invalid,
      401: unauthenticated,
      403: error('You do not have permission to edit this community'),
      404: communityMissing,
    },
  }),
  forum({
    method: 'delete',
    path: '/api/communities/{id}',
    summary:
      'Delete a community with its posts, comments, votes, memberships and images (the owner or the admin)',
    auth: 'required',
    request: { params: IdParams },
    responses: {
      200: { description: 'Deleted', schema: MessageResponse },
      401: unauthenticated,
      403: error('You do not have permission to delete this community'),
      404: communityMissing,
    },
  }),
  forum({
    method: 'get',
    path: '/api/communities/{id}/membership',
    summary:
      "The caller's membership (false/false for visitors): member, moderator, owner, active ban",
    auth: 'optional',
    request: { params: IdParams },
    responses: { 200: { description: 'State', schema: MembershipResponse }, 404: communityMissing },
  }),
  forum({
    method: 'get',
    path: '/api/communities/{id}/members',
    summary: 'Members, oldest first',
    auth: 'optional',
    request: { params: IdParams, query: ListMembersQuery },
    responses: {
      200: { description: 'A page', schema: ListMembersResponse },
      404: communityMissing,
    },
  }),
  forum({
    method: 'post',
    path: '/api/communities/{id}/logo',
    summary:
      'Upload the logo (multipart field `avatar`, JPEG/PNG/GIF/WebP, 2 MB; the owner or the admin)',
    auth: 'required',
    request: { params: IdParams, body: LogoUpload },
    responses: {
      200: { description: 'Stored', schema: LogoResponse },
      400: error('Upload failed, or an undecodable image'),
      403: error('You do not have permission to edit this community'),
      413: error('File size too large. Maximum size is 2MB.'),
      415: error('Invalid file type. Only JPEG, PNG, GIF, and WebP images are allowed.'),
    },
  }),
  forum({
    method: 'delete',
    path: '/api/communities/{id}/logo',
    summary: 'Remove the logo (the owner or the admin)',
    auth: 'required',
    request: { params: IdParams },
    responses: {
      200: { description: 'Removed', schema: LogoResponse },
      403: error('You do not have permission to edit this community'),
    },
  }),
  // Posts
  forum({
    method: 'post',
    path: '/api/posts',
    summary:
      'Create a post (members only). JSON, or multipart with the same fields plus `image` (10 MB)',
    auth: 'required',
    request: { body: CreatePostBody },
    responses: {
      201: { description: 'Created', schema: PostResponse },
      400: invalid,
      401: unauthenticated,
      403: error(`You must be a member of this community to post / ${ModerationTexts.banned}`),
      404: communityMissing,
      413: error('File size too large. Maximum size is 10MB.'),
      415: error('Invalid file type. Only JPEG, PNG, GIF, and WebP images are allowed.'),
    },
  }),
  forum({
    method: 'get',
    path: '/api/posts',
    summary:
      'List posts (all, community_id, author_id, or feed=joined when signed in), sorted hot, new or top; NSFW only for signed-in callers',
    auth: 'optional',
    request: { query: ListPostsQuery },
    responses: {
      200: { description: 'A page of posts', schema: ListPostsResponse },
      400: error('Invalid query'),
      401: error('feed=joined needs a signed-in caller'),
    },
  }),
  forum({
    method: 'get',
    path: '/api/posts/saved/my',
    summary: "The caller's saved posts, newest save first (each with saved_at)",
    auth: 'required',
    request: { query: ListSavedPostsQuery },
    responses: { 200: { description: 'A page', schema: ListPostsResponse }, 401: unauthenticated },
  }),
  forum({
    method: 'get',
    path: '/api/posts/{id}',
    summary: "A post with the caller's vote, save and reaction",
    auth: 'optional',
    request: { params: IdParams },
    responses: {
      200: { description: 'Found', schema: PostResponse },
      403: nsfwForVisitors,
      404: postMissing,
    },
  }),
  forum({
    method: 'put',
    path: '/api/posts/{id}',
    summary: 'Edit title and content (author only; type and community cannot change)',
    auth: 'required',
    request: { params: IdParams, body: UpdatePostBody },
    responses: {
      200: { description: 'Updated', schema: PostResponse },
      400: invalid,
      403: error('You do not have permission to edit this post'),
      404: postMissing,
    },
  }),
  forum({
    method: 'delete',
    path: '/api/posts/{id}',
    summary: 'Delete a post with its comments, votes, reactions, saves, subscriptions and image',
    auth: 'required',
    request: { params: IdParams },
    responses: {
      200: { description: 'Deleted', schema: MessageResponse },
      403: error('You do not have permission to delete this post'),
      404: postMissing,
    },
  }),
  forum({
    method: 'post',
    path: '/api/posts/{id}/vote',
    summary: 'Vote 1 or -1: the same again removes it, the opposite switches (own posts allowed)',
    auth: 'required',
    request: { params: IdParams, body: VoteBody },
    responses: {
      200: { description: 'The vote now and the counters', schema: CastVoteResponse },
      400: invalid,
      401: unauthenticated,
      403: banned,
      404: postMissing,
    },
  }),
  forum({
    method: 'get',
    path: '/api/posts/{id}/vote',
    summary: "The caller's vote (null when none or a visitor)",
    auth: 'optional',
    request: { params: IdParams },
    responses: {
      200: { description: 'Vote', schema: VoteResponse },
      403: nsfwForVisitors,
      404: postMissing,
    },
  }),
  forum({
    method: 'get',
    path: '/api/posts/{id}/reactions',
    summary: "Reaction counts and the caller's reaction",
    auth: 'optional',
    request: { params: IdParams },
    responses: {
      200: { description: 'Reactions', schema: ReactionsResponse },
      403: nsfwForVisitors,
      404: postMissing,
    },
  }),
  forum({
    method: 'post',
    path: '/api/posts/{id}/reactions',
    summary: 'React: the same kind again removes it, another replaces it',
    auth: 'required',
    request: { params: IdParams, body: ReactBody },
    responses: {
      200: { description: 'Reactions after the change', schema: ReactionsResponse },
      400: invalid,
      401: unauthenticated,
      403: banned,
      404: postMissing,
    },
  }),
  forum({
    method: 'delete',
    path: '/api/posts/{id}/reactions',
    summary: "Remove the caller's reaction (idempotent)",
    auth: 'required',
    request: { params: IdParams },
    responses: {
      200: { description: 'Reactions after the change', schema: ReactionsResponse },
      404: postMissing,
    },
  }),
  ...(['post', 'delete'] as const).map((method) =>
    forum({
      method,
      path: '/api/posts/{id}/save',
      summary: method === 'post' ? 'Save (idempotent)' : 'Unsave (idempotent)',
      auth: 'required',
      request: { params: IdParams },
      responses: {
        200: { description: 'Saved state', schema: SavedResponse },
        401: unauthenticated,
        404: postMissing,
      },
    }),
  ),
  forum({
    method: 'get',
    path: '/api/posts/{id}/saved',
    summary: 'Whether the caller saved the post (false for visitors)',
    auth: 'optional',
    request: { params: IdParams },
    responses: { 200: { description: 'Saved state', schema: SavedResponse }, 404: postMissing },
  }),
  // Subscriptions
  forum({
    method: 'get',
    path: '/api/post-subscriptions/{postId}/status',
    summary: 'Whether the caller gets comment notifications for the post',
    auth: 'required',
    request: { params: PostIdParams },
    responses: { 200: { description: 'State', schema: SubscribedResponse }, 404: postMissing },
  }),
  ...(['post', 'delete'] as const).map((method) =>
    forum({
      method,
      path: '/api/post-subscriptions/{postId}',
      summary: method === 'post' ? 'Subscribe (idempotent)' : 'Unsubscribe (idempotent)',
      auth: 'required',
      request: { params: PostIdParams },
      responses: { 200: { description: 'State', schema: SubscribedResponse }, 404: postMissing },
    }),
  ),
  // Profile lists and admin
  forum({
    method: 'get',
    path: '/api/auth/me/posts',
    summary: "The caller's posts (sortBy new|top|hot, default new)",
    auth: 'required',
    request: { query: ProfilePostsQuery },
    responses: { 200: { description: 'A page', schema: ListPostsResponse }, 401: unauthenticated },
  }),
  forum({
    method: 'get',
    path: '/api/auth/user/{username}/posts',
    summary: "A user's posts (NSFW only for signed-in callers)",
    auth: 'optional',
    request: { params: UsernameParams, query: ProfilePostsQuery },
    responses: {
      200: { description: 'A page', schema: ListPostsResponse },
      404: error('User not found'),
    },
  }),
  forum({
    method: 'get',
    path: '/api/admin/communities',
    summary: 'Every community with post_count and member_count (admin only)',
    auth: 'admin',
    responses: {
      200: { description: 'Communities', schema: AdminCommunitiesResponse },
      401: unauthenticated,
      403: error('Access denied. Admin privileges required.'),
    },
  }),
  forum({
    method: 'get',
    path: '/internal/stats',
    summary: 'Community, post and comment totals for the admin dashboard',
    auth: 'none',
    internal: true,
    responses: { 200: { description: 'Totals', schema: ForumStats } },
  }),
  ...commentRoutes,
] as const;
