import { z } from '../zod.js';
import { JwksResponse } from './jwks.js';
import { IdentityStats } from './stats.js';
import { UserResponse } from './users.js';
import {
  AuthMessageResponse,
  AvatarResponse,
  ForgotPasswordRequest,
  LoginRequest,
  LogoutRequest,
  ProfileParams,
  PublicUserResponse,
  RefreshRequest,
  RefreshResponse,
  RegisterRequest,
  ResetPasswordRequest,
  SessionResponse,
} from './auth.js';
import { ReferralCodeResponse, ReferralStatsResponse } from './referrals.js';
import { BadgesResponse, UserIdParams } from './badges.js';
import {
  AdminUserParams,
  AdminUserResponse,
  AdminUsersQuery,
  AdminUsersResponse,
  DailyUserStatsResponse,
  UpdateAdminUserRequest,
} from './admin-users.js';
import { errorResponse as error, routesFor } from './route-contract.js';

const identity = routesFor('identity');
const limited = { 429: error('Too many attempts (Retry-After says when to try again)') };
const signedIn = { 401: error('Not signed in, token invalid or expired, or account deactivated') };
const admin = { ...signedIn, 403: error('Access denied. Admin privileges required.') };
/** Multipart upload (as the community logo's): no text fields; the file goes in `avatar`. */
const AvatarUpload = z.object({}).describe('multipart/form-data with the image in field `avatar`');

export const identityRoutes = [
  identity({
    method: 'post',
    path: '/api/auth/register',
    summary: 'Create an account (optionally with a referral code) and sign in',
    auth: 'none',
    request: { body: RegisterRequest },
    responses: {
      201: { description: 'The new user and a session', schema: SessionResponse },
      400: error('Invalid input; details lists every problem'),
      409: error('Username is already taken / Email is already registered'),
      ...limited,
    },
  }),
  identity({
    method: 'post',
    path: '/api/auth/login',
    summary: 'Sign in with an email or username; rememberMe lengthens the session',
    auth: 'none',
    request: { body: LoginRequest },
    responses: {
      200: { description: 'The user and a session', schema: SessionResponse },
      400: error('Missing fields'),
      401: error('Invalid credentials'),
      403: error('Account is deactivated'),
      ...limited,
    },
  }),
  identity({
    method: 'post',
    path: '/api/auth/refresh',
    summary: 'Rotate the refresh token; replaying a used one revokes the session',
    auth: 'none',
    request: { body: RefreshRequest },
    responses: {
      200: { description: 'A new access token and refresh token', schema: RefreshResponse },
      401: error('Invalid or expired refresh token'),
      ...limited,
    },
  }),
  identity({
    method: 'post',
    path: '/api/auth/logout',
    summary: 'Revoke the session of the refresh token (idempotent)',
    auth: 'none',
    request: { body: LogoutRequest },
    responses: { 200: { description: 'Signed out', schema: AuthMessageResponse } },
  }),
  identity({
    method: 'post',
    path: '/api/auth/forgot-password',
    summary: 'Mail a single-use password reset link (same answer for unknown addresses)',
    auth: 'none',
    request: { body: ForgotPasswordRequest },
    responses: {
      200: { description: 'Accepted', schema: AuthMessageResponse },
      400: error('Invalid email'),
      ...limited,
    },
  }),
  identity({
    method: 'post',
    path: '/api/auth/reset-password',
    summary: 'Set a new password with a reset token; ends every session',
    auth: 'none',
    request: { body: ResetPasswordRequest },
    responses: {
      200: { description: 'Password changed', schema: AuthMessageResponse },
      400: error('Invalid password, or an invalid or expired reset token'),
      ...limited,
    },
  }),
  identity({
    method: 'get',
    path: '/api/auth/me',
    summary: 'The signed-in user, own email included',
    auth: 'required',
    responses: { 200: { description: 'The user', schema: UserResponse }, ...signedIn },
  }),
  identity({
    method: 'get',
    path: '/api/auth/user/{username}',
    summary: 'A public profile (never the email)',
    auth: 'none',
    request: { params: ProfileParams },
    responses: {
      200: { description: 'The user', schema: PublicUserResponse },
      404: error('User not found'),
    },
  }),
  identity({
    method: 'post',
    path: '/api/auth/avatar',
    summary:
      'Upload the caller’s avatar (multipart field `avatar`; JPEG, PNG, GIF or WebP up to 2MB; stored as a 256 px WebP)',
    auth: 'required',
    request: { body: AvatarUpload },
    responses: {
      200: { description: 'The new avatar', schema: AvatarResponse },
      400: error('No file, or an image that cannot be decoded'),
      413: error('File size too large. Maximum size is 2MB.'),
      415: error('Invalid file type. Only JPEG, PNG, GIF, and WebP images are allowed.'),
      ...signedIn,
    },
  }),
  identity({
    method: 'delete',
    path: '/api/auth/avatar',
    summary: 'Remove the caller’s avatar',
    auth: 'required',
    responses: { 200: { description: 'avatar_url is null', schema: AvatarResponse }, ...signedIn },
  }),
  identity({
    method: 'get',
    path: '/api/auth/referral-code',
    summary: 'The caller’s referral code (8 characters A-Z0-9)',
    auth: 'required',
    responses: { 200: { description: 'The code', schema: ReferralCodeResponse }, ...signedIn },
  }),
  identity({
    method: 'get',
    path: '/api/auth/referral-stats',
    summary: 'How many people registered with the caller’s code',
    auth: 'required',
    responses: { 200: { description: 'The count', schema: ReferralStatsResponse }, ...signedIn },
  }),
  identity({
    method: 'get',
    path: '/api/badges/user/{userId}',
    summary: 'A user’s badges, newest first',
    auth: 'none',
    request: { params: UserIdParams },
    responses: {
      200: { description: 'The badges', schema: BadgesResponse },
      400: error('Invalid id'),
      404: error('User not found'),
    },
  }),
  identity({
    method: 'get',
    path: '/api/admin/users',
    summary: 'Users for the admin table: paged (25/50/100), sorted, searchable',
    auth: 'admin',
    request: { query: AdminUsersQuery },
    responses: {
      200: { description: 'A page of users', schema: AdminUsersResponse },
      400: error('Invalid query'),
      ...admin,
    },
  }),
  identity({
    method: 'patch',
    path: '/api/admin/users/{id}',
    summary: 'Activate or deactivate a user (not oneself)',
    auth: 'admin',
    request: { params: AdminUserParams, body: UpdateAdminUserRequest },
    responses: {
      200: { description: 'The updated user', schema: AdminUserResponse },
      400: error('Invalid input, or deactivating oneself'),
      404: error('User not found'),
      ...admin,
    },
  }),
  identity({
    method: 'get',
    path: '/api/admin/daily-user-stats',
    summary: 'New users per UTC day for the last 7 days, oldest first',
    auth: 'admin',
    responses: {
      200: { description: 'One row per day', schema: DailyUserStatsResponse },
      ...admin,
    },
  }),
  identity({
    method: 'get',
    path: '/.well-known/jwks.json',
    summary: 'Public keys that verify access tokens',
    auth: 'none',
    internal: true,
    responses: { 200: { description: 'JSON Web Key Set', schema: JwksResponse } },
  }),
  identity({
    method: 'get',
    path: '/internal/stats',
    summary: 'User totals for the admin dashboard',
    auth: 'none',
    internal: true,
    responses: { 200: { description: 'Totals', schema: IdentityStats } },
  }),
] as const;
