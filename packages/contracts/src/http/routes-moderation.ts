import { IdParams } from './common.js';
import { MessageResponse } from './community-write.js';
import { MessageTexts } from './messages.js';
import {
  AppealBody,
  AppealResponse,
  AppealsQuery,
  AppealsResponse,
  BanBody,
  BanResponse,
  CommunityUserParams,
  DecideAppealBody,
  ListBansQuery,
  ListBansResponse,
  ModerationTexts as T,
  ModeratorResponse,
  ModeratorsResponse,
  ModlogQuery,
  ModlogResponse,
  OptionalReasonBody,
  ReasonBody,
  RemoveModeratorQuery,
  ReportBody,
  ReportCreatedResponse,
  ReportResponse,
  ReportsQuery,
  ReportsResponse,
  ResolveReportBody,
  UsernameBody,
} from './moderation.js';
import { PostResponse } from './posts.js';
import { CommentResponse } from './comments.js';
import { errorResponse as error, routesFor } from './route-contract.js';

const forum = routesFor('forum');
const messaging = routesFor('messaging');

const invalid = error('Invalid input (the first rule broken is the error text)');
const unauthenticated = error('Not signed in');
const forbidden = error(T.forbidden);
const communityMissing = error('Community not found');
const postMissing = error('Post not found');
const commentMissing = error('Comment not found');
const inEffect = error(`${T.alreadyInEffect} (nothing changes)`);
/** Every moderation action: moderators, the owner and the admin; 403 for anyone else. */
const moderation = { 400: invalid, 401: unauthenticated, 403: forbidden };

/** One of §M2's actions on a post or a comment: the item as it is now, or a refusal. */
const itemAction = <
  const K extends 'posts' | 'comments',
  const V extends string,
  const B extends typeof ReasonBody | typeof OptionalReasonBody,
>(
  kind: K,
  verb: V,
  summary: string,
  body: B,
) =>
  forum({
    method: 'post',
    path: `/api/${kind}/{id}/${verb}` as `/api/${K}/{id}/${V}`,
    summary,
    auth: 'required',
    request: { params: IdParams, body },
    responses: {
      200: {
        description: kind === 'posts' ? 'The post now' : 'The comment now',
        schema: (kind === 'posts' ? PostResponse : CommentResponse) as K extends 'posts'
          ? typeof PostResponse
          : typeof CommentResponse,
      },
      ...moderation,
      404: kind === 'posts' ? postMissing : commentMissing,
      409: inEffect,
    },
  });

/** EXTENSIONS.md §M1-M3: the moderator team, the actions, bans and the public log. */
export const moderationRoutes = [
  // M1. The team
  forum({
    method: 'get',
    path: '/api/communities/{id}/moderators',
    summary: 'The moderator team, owner first (public)',
    auth: 'optional',
    request: { params: IdParams },
    responses: {
      200: { description: 'The team', schema: ModeratorsResponse },
      404: communityMissing,
    },
  }),
  forum({
    method: 'post',
    path: '/api/communities/{id}/moderators',
    summary: 'Appoint a member as moderator (owner or admin)',
    auth: 'required',
    request: { params: IdParams, body: UsernameBody },
    responses: {
      201: { description: 'Appointed', schema: ModeratorResponse },
      400: error(`${T.notMember} (or invalid input)`),
      401: unauthenticated,
      403: forbidden,
      404: communityMissing,
      409: error(T.alreadyModerator),
    },
  }),
  forum({
    method: 'delete',
    path: '/api/communities/{id}/moderators/{userId}',
    summary: 'Remove a moderator (owner or admin), or step down (the moderator themselves)',
    auth: 'required',
    request: { params: CommunityUserParams, query: RemoveModeratorQuery },
    responses: {
      200: { description: 'Removed', schema: MessageResponse },
      400: error(T.ownerCannotBeRemoved),
      401: unauthenticated,
      403: forbidden,
      404: error(T.notModerator),
    },
  }),
  forum({
    method: 'post',
    path: '/api/communities/{id}/owner',
    summary: 'Hand ownership to one of the moderators (the owner or admin)',
    auth: 'required',
    request: { params: IdParams, body: UsernameBody },
    responses: {
      200: { description: 'The team now', schema: ModeratorsResponse },
      400: error(`${T.notModerator} (or invalid input)`),
      401: unauthenticated,
      403: forbidden,
      404: communityMissing,
    },
  }),

  // M2. Actions on posts and comments
  itemAction('posts', 'remove', 'Remove a post with a reason (hidden from every list)', ReasonBody),
  itemAction('posts', 'restore', 'Restore a removed post', OptionalReasonBody),
  itemAction('posts', 'lock', 'Lock a post: no new comments', OptionalReasonBody),
  itemAction('posts', 'unlock', 'Unlock a post', OptionalReasonBody),
  forum({
    method: 'post',
    path: '/api/posts/{id}/pin',
    summary: 'Pin a post (at most 2 per community; first on the community page in every sort)',
    auth: 'required',
    request: { params: IdParams },
    responses: {
      200: { description: 'The post now', schema: PostResponse },
      ...moderation,
      404: postMissing,
      409: inEffect,
    },
  }),
  forum({
    method: 'post',
    path: '/api/posts/{id}/unpin',
    summary: 'Unpin a post',
    auth: 'required',
    request: { params: IdParams },
    responses: {
      200: { description: 'The post now', schema: PostResponse },
      ...moderation,
      404: postMissing,
      409: inEffect,
    },
  }),
  itemAction('comments', 'remove', 'Remove a comment with a reason', ReasonBody),
  itemAction('comments', 'restore', 'Restore a removed comment', OptionalReasonBody),

  // M2. Bans
  forum({
    method: 'post',
    path: '/api/communities/{id}/bans',
    summary: 'Ban a user from the community (days 1-3650, or permanent); it ends by itself',
    auth: 'required',
    request: { params: IdParams, body: BanBody },
    responses: {
      201: { description: 'Banned', schema: BanResponse },
      400: error(`${T.cannotBanModerator} (or invalid input)`),
      401: unauthenticated,
      403: forbidden,
      404: error('Community or user not found'),
      409: inEffect,
    },
  }),
  forum({
    method: 'delete',
    path: '/api/communities/{id}/bans/{userId}',
    summary: 'Lift a ban',
    auth: 'required',
    request: { params: CommunityUserParams },
    responses: {
      200: { description: 'Unbanned', schema: MessageResponse },
      401: unauthenticated,
      403: forbidden,
      404: error(T.notBanned),
    },
  }),
  forum({
    method: 'get',
    path: '/api/communities/{id}/bans',
    summary: 'The active bans, newest first (moderators)',
    auth: 'required',
    request: { params: IdParams, query: ListBansQuery },
    responses: {
      200: { description: 'A page', schema: ListBansResponse },
      ...moderation,
      404: communityMissing,
    },
  }),

  // M3. The public moderation log
  forum({
    method: 'get',
    path: '/api/communities/{id}/modlog',
    summary: "A community's moderation log, newest first (public; NSFW: signed in only)",
    auth: 'optional',
    request: { params: IdParams, query: ModlogQuery },
    responses: {
      200: { description: 'A page', schema: ModlogResponse },
      400: invalid,
      403: error('NSFW content, visitors only: Sign up to view NSFW content'),
      404: communityMissing,
    },
  }),
  forum({
    method: 'get',
    path: '/api/modlog',
    summary: "Every community's moderation log and the admin's site-wide entries (public)",
    auth: 'optional',
    request: { query: ModlogQuery },
    responses: { 200: { description: 'A page', schema: ModlogResponse }, 400: invalid },
  }),
] as const;

/** EXTENSIONS.md §M5-M6: reports and the moderation queue, appeals. */
export const reportAndAppealRoutes = [
  // M5. Reports
  ...(['posts', 'comments'] as const).map((kind) =>
    forum({
      method: 'post',
      path: `/api/${kind}/{id}/report`,
      summary: `Report a ${kind === 'posts' ? 'post' : 'comment'} to the community's moderators`,
      auth: 'required',
      request: { params: IdParams, body: ReportBody },
      responses: {
        201: { description: 'Reported', schema: ReportCreatedResponse },
        400: error(`${T.ownContent} (or invalid input)`),
        401: unauthenticated,
        404: kind === 'posts' ? postMissing : commentMissing,
        409: error(T.alreadyReported),
      },
    }),
  ),
  messaging({
    method: 'post',
    path: '/api/messages/messages/{id}/report',
    summary: 'Report a received message to the admin',
    auth: 'required',
    request: { params: IdParams, body: ReportBody },
    responses: {
      201: { description: 'Reported', schema: ReportCreatedResponse },
      400: invalid,
      401: unauthenticated,
      404: error(`${MessageTexts.messageNotFound} (also for anyone but its recipient)`),
      409: error(`${T.alreadyReported} / ${MessageTexts.messageAlreadyRemoved}`),
    },
  }),
  forum({
    method: 'get',
    path: '/api/communities/{id}/reports',
    summary: 'Reported items, one row per item, oldest open first (moderators; no reporters)',
    auth: 'required',
    request: { params: IdParams, query: ReportsQuery },
    responses: {
      200: { description: 'A page', schema: ReportsResponse },
      ...moderation,
      404: communityMissing,
    },
  }),
  forum({
    method: 'post',
    path: '/api/reports/{id}/resolve',
    summary: 'Close every report on the item: dismiss, or remove it (a logged removal)',
    auth: 'required',
    request: { params: IdParams, body: ResolveReportBody },
    responses: {
      200: { description: 'Resolved', schema: ReportResponse },
      ...moderation,
      404: error(T.reportNotFound),
      409: error('The report is already closed'),
    },
  }),
  forum({
    method: 'get',
    path: '/api/admin/reports',
    summary: 'Every report of the site, messages included, with reporters (admin)',
    auth: 'admin',
    request: { query: ReportsQuery },
    responses: {
      200: { description: 'A page', schema: ReportsResponse },
      401: unauthenticated,
      403: error('Access denied. Admin privileges required.'),
    },
  }),

  // M6. Appeals
  forum({
    method: 'post',
    path: '/api/appeals',
    summary: 'Appeal a removal or a ban, once per decision',
    auth: 'required',
    request: { body: AppealBody },
    responses: {
      201: { description: 'Appealed', schema: AppealResponse },
      400: invalid,
      401: unauthenticated,
      403: error(T.notYourDecision),
      404: error(T.logEntryNotFound),
      409: error(T.alreadyAppealed),
    },
  }),
  forum({
    method: 'get',
    path: '/api/communities/{id}/appeals',
    summary: "The community's appeals, oldest open first (moderators)",
    auth: 'required',
    request: { params: IdParams, query: AppealsQuery },
    responses: {
      200: { description: 'A page', schema: AppealsResponse },
      ...moderation,
      404: communityMissing,
    },
  }),
  forum({
    method: 'post',
    path: '/api/appeals/{id}/decide',
    summary:
      'Overturn (reverses the action) or uphold; not by the moderator who acted, if another exists',
    auth: 'required',
    request: { params: IdParams, body: DecideAppealBody },
    responses: {
      200: { description: 'Decided', schema: AppealResponse },
      400: invalid,
      401: unauthenticated,
      403: error(`${T.forbidden} / ${T.anotherModerator}`),
      404: error(T.appealNotFound),
      409: error('The appeal is already decided'),
    },
  }),
] as const;
