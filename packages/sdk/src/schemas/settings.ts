import {
  AccountExport,
  AuthMessageResponse,
  BlockedResponse,
  BlocksResponse,
  NotificationPreferences,
  RefreshResponse,
  UserResponse,
} from '@forum/contracts';
import type { SuccessSchemaTable } from '../successSchemas';

/** Account settings and blocking (EXTENSIONS §B): the /settings page and the Block buttons. */
export const schemas = {
  'PUT /api/auth/password': RefreshResponse,
  'PUT /api/auth/email': UserResponse,
  'POST /api/auth/verify-email': AuthMessageResponse,
  'POST /api/auth/verify-email/resend': AuthMessageResponse,
  'GET /api/blocks': BlocksResponse,
  'PUT /api/blocks/{username}': BlockedResponse,
  'DELETE /api/blocks/{username}': BlockedResponse,
  'GET /api/notifications/preferences': NotificationPreferences,
  'PUT /api/notifications/preferences': NotificationPreferences,
  'GET /api/auth/me/export': AccountExport,
  'DELETE /api/auth/me': AuthMessageResponse,
} satisfies Partial<SuccessSchemaTable>;
