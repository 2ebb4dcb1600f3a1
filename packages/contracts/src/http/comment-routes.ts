import { IdParams } from './common.js';
import {
  CommentPageQuery,
  CommentPageResponse,
  CommentResponse,
  CommentThreadsResponse,
  ListCommentsQuery,
} from './comments.js';
import { CreateCommentBody, UpdateCommentBody } from './comment-write.js';
import { MessageResponse } from './community-write.js';
import { UsernameParams } from './post-lists.js';
import { SavedResponse } from './save.js';
import { PostIdParams } from './subscription.js';
import { CastVoteResponse, VoteBody, VoteResponse } from './vote.js';
import { ModerationTexts } from './moderation.js';
import { errorResponse as error, routesFor } from './route-contract.js';

const forum = routesFor('forum');

const unauthenticated = error('Not signed in');
const invalid = error('Invalid input (the first rule broken is the error text)');
const postMissing = error('Post not found');
const commentMissing = error('Comment not found (or deleted, for writes)');
const nsfwForVisitors = error('NSFW content, visitors only: Sign up to view NSFW content');
const threads = {
  description:
    'Comments with their first replies nested (at most 10, 5 and 3 per comment at depths 1-3, within a budget per page); a comment showing fewer than its reply_count opens the rest with GET /api/comments/{id}/replies from offset = shown',
  schema: CommentThreadsResponse,
};

/** Spec §7 "Comments" plus the post and profile comment lists (ARCHITECTURE §2). */
export const commentRoutes = [
  forum({
    method: 'post',
    path: '/api/comments',
    summary: 'Comment on a post or reply to a comment (replies while the parent depth is below 3)',
    auth: 'required',
    request: { body: CreateCommentBody },
    responses: {
      201: { description: 'Created', schema: CommentResponse },
      400: error(
        "Invalid input; 'Maximum reply depth reached'; a parent of another post or deleted",
      ),
      401: unauthenticated,
      403: error(`${ModerationTexts.banned} / ${ModerationTexts.postLocked}`),
      404: error('Post not found / Parent comment not found'),
    },
  }),
  forum({
    method: 'get',
    path: '/api/comments/post/{postId}',
    summary: 'A page of top-level comments (best, top, new or old) with their first replies nested',
    auth: 'optional',
    request: { params: PostIdParams, query: ListCommentsQuery },
    responses: { 200: threads, 400: invalid, 403: nsfwForVisitors, 404: postMissing },
  }),
  forum({
    method: 'get',
    path: '/api/posts/{id}/comments',
    summary: 'The same as GET /api/comments/post/{postId} (the spec lists both)',
    auth: 'optional',
    request: { params: IdParams, query: ListCommentsQuery },
    responses: { 200: threads, 400: invalid, 403: nsfwForVisitors, 404: postMissing },
  }),
  forum({
    method: 'get',
    path: '/api/comments/saved/my',
    summary:
      "The caller's saved comments, newest save first (with post_title, community_name, saved_at)",
    auth: 'required',
    request: { query: CommentPageQuery },
    responses: {
      200: { description: 'A page', schema: CommentPageResponse },
      401: unauthenticated,
    },
  }),
  forum({
    method: 'get',
    path: '/api/comments/{id}',
    summary: "A comment with the caller's vote and save",
    auth: 'optional',
    request: { params: IdParams },
    responses: {
      200: { description: 'Found', schema: CommentResponse },
      403: nsfwForVisitors,
      404: commentMissing,
    },
  }),
  forum({
    method: 'put',
    path: '/api/comments/{id}',
    summary: 'Edit the text (author only)',
    auth: 'required',
    request: { params: IdParams, body: UpdateCommentBody },
    responses: {
      200: { description: 'Updated', schema: CommentResponse },
      400: invalid,
      401: unauthenticated,
      403: error('You do not have permission to edit this comment'),
      404: commentMissing,
    },
  }),
  forum({
    method: 'delete',
    path: '/api/comments/{id}',
    summary:
      'Delete (author only): with replies it stays as a [deleted] placeholder, without it goes',
    auth: 'required',
    request: { params: IdParams },
    responses: {
      200: { description: 'Deleted', schema: MessageResponse },
      401: unauthenticated,
      403: error('You do not have permission to delete this comment'),
      404: commentMissing,
    },
  }),
  forum({
    method: 'post',
    path: '/api/comments/{id}/vote',
    summary: 'Vote 1 or -1: the same again removes it, the opposite switches',
    auth: 'required',
    request: { params: IdParams, body: VoteBody },
    responses: {
      200: { description: 'The vote now and the counters', schema: CastVoteResponse },
      400: invalid,
      401: unauthenticated,
      403: error(ModerationTexts.banned),
      404: commentMissing,
    },
  }),
  forum({
    method: 'get',
    path: '/api/comments/{id}/vote',
    summary: "The caller's vote (null when none or a visitor)",
    auth: 'optional',
    request: { params: IdParams },
    responses: {
      200: { description: 'Vote', schema: VoteResponse },
      403: nsfwForVisitors,
      404: commentMissing,
    },
  }),
  forum({
    method: 'get',
    path: '/api/comments/{id}/replies',
    summary: 'A page of direct replies, each with its first replies nested',
    auth: 'optional',
    request: { params: IdParams, query: ListCommentsQuery },
    responses: { 200: threads, 400: invalid, 403: nsfwForVisitors, 404: commentMissing },
  }),
  ...(['post', 'delete'] as const).map((method) =>
    forum({
      method,
      path: '/api/comments/{id}/save',
      summary: method === 'post' ? 'Save (idempotent)' : 'Unsave (idempotent)',
      auth: 'required',
      request: { params: IdParams },
      responses: {
        200: { description: 'Saved state', schema: SavedResponse },
        401: unauthenticated,
        404: commentMissing,
      },
    }),
  ),
  forum({
    method: 'get',
    path: '/api/comments/{id}/saved',
    summary: 'Whether the caller saved the comment (false for visitors)',
    auth: 'optional',
    request: { params: IdParams },
    responses: { 200: { description: 'Saved state', schema: SavedResponse }, 404: commentMissing },
  }),
  forum({
    method: 'get',
    path: '/api/auth/me/comments',
    summary: "The caller's comments, newest first (with post_title, community_name)",
    auth: 'required',
    request: { query: CommentPageQuery },
    responses: {
      200: { description: 'A page', schema: CommentPageResponse },
      401: unauthenticated,
    },
  }),
  forum({
    method: 'get',
    path: '/api/auth/user/{username}/comments',
    summary: "A user's comments, newest first (NSFW only for signed-in callers)",
    auth: 'optional',
    request: { params: UsernameParams, query: CommentPageQuery },
    responses: {
      200: { description: 'A page', schema: CommentPageResponse },
      404: error('User not found'),
    },
  }),
] as const;
