import {
  AuthMessageResponse,
  AvatarResponse,
  BadgesResponse,
  PublicUserResponse,
  ReferralCodeResponse,
  ReferralStatsResponse,
  RefreshResponse,
  SessionResponse,
  UserResponse,
} from '@forum/contracts';
import type { SuccessSchemaTable } from '../successSchemas';

/** The account: sign-up, sign-in, the session's refresh, profiles, avatars, referrals and badges. */
export const schemas = {
  'POST /api/auth/register': SessionResponse,
  'POST /api/auth/login': SessionResponse,
  'POST /api/auth/refresh': RefreshResponse,
  'POST /api/auth/logout': AuthMessageResponse,
  'POST /api/auth/forgot-password': AuthMessageResponse,
  'POST /api/auth/reset-password': AuthMessageResponse,
  'GET /api/auth/me': UserResponse,
  'GET /api/auth/user/{username}': PublicUserResponse,
  'POST /api/auth/avatar': AvatarResponse,
  'DELETE /api/auth/avatar': AvatarResponse,
  'GET /api/auth/referral-code': ReferralCodeResponse,
  'GET /api/auth/referral-stats': ReferralStatsResponse,
  'GET /api/badges/user/{userId}': BadgesResponse,
} satisfies Partial<SuccessSchemaTable>;
