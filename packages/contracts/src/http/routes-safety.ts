import { RefreshResponse, AuthMessageResponse } from './auth.js';
import { UserResponse } from './users.js';
import {
  AccountTexts,
  ChangeEmailRequest,
  ChangePasswordRequest,
  VerifyEmailRequest,
} from './account-settings.js';
import { BlockParams, BlockTexts, BlockedResponse, BlocksResponse } from './blocks.js';
import {
  NotificationPreferences,
  UpdateNotificationPreferencesRequest,
} from './notification-preferences.js';
import {
  AccountDataTexts,
  AccountExport,
  DeleteAccountRequest,
  ForumExport,
  IdentityExport,
  MessagingExport,
} from './account-data.js';
import { errorResponse as error, routesFor } from './route-contract.js';

const identity = routesFor('identity');
const messaging = routesFor('messaging');
const forum = routesFor('forum');
const gateway = routesFor('gateway');
const signedIn = { 401: error('Not signed in, token invalid or expired, or account deactivated') };
const limited = { 429: error('Too many attempts (Retry-After says when to try again)') };

const exportPart = {
  method: 'get',
  path: '/internal/export',
  summary: "The caller's records held by this service (a part of GET /api/auth/me/export)",
  // The gateway forwards the caller's Bearer token: each part is the verified caller's own.
  auth: 'required',
  internal: true,
} as const;
const exportDescription = "The caller's records";

/** EXTENSIONS §B: blocking (B1) and account control (B2). */
export const safetyRoutes = [
  identity({
    method: 'put',
    path: '/api/auth/password',
    summary: 'Change the password; every other session is signed out, the caller gets a new pair',
    auth: 'required',
    request: { body: ChangePasswordRequest },
    responses: {
      200: { description: 'A new access token and refresh token', schema: RefreshResponse },
      400: error(`${AccountTexts.currentPasswordIncorrect} / the new password breaks a rule`),
      ...signedIn,
      ...limited,
    },
  }),
  identity({
    method: 'put',
    path: '/api/auth/email',
    summary: 'Change the email address: unverified until the link mailed to it is opened',
    auth: 'required',
    request: { body: ChangeEmailRequest },
    responses: {
      200: { description: 'The user with the new address', schema: UserResponse },
      400: error(`${AccountTexts.passwordIncorrect} / invalid address / ${AccountTexts.sameEmail}`),
      ...signedIn,
      409: error('Email is already registered'),
      ...limited,
    },
  }),
  identity({
    method: 'post',
    path: '/api/auth/verify-email',
    summary: "Verify the address with the mailed link's token (single use, 24 hours)",
    auth: 'none',
    request: { body: VerifyEmailRequest },
    responses: {
      200: { description: AccountTexts.emailVerified, schema: AuthMessageResponse },
      400: error(AccountTexts.invalidVerificationToken),
      ...limited,
    },
  }),
  identity({
    method: 'post',
    path: '/api/auth/verify-email/resend',
    summary: 'Mail a new verification link to the current address',
    auth: 'required',
    responses: {
      200: { description: AccountTexts.verificationSent, schema: AuthMessageResponse },
      400: error(AccountTexts.emailAlreadyVerified),
      ...signedIn,
      ...limited,
    },
  }),
  identity({
    method: 'get',
    path: '/api/blocks',
    summary: 'The users the caller blocked, newest first',
    auth: 'required',
    responses: { 200: { description: 'Blocks', schema: BlocksResponse }, ...signedIn },
  }),
  identity({
    method: 'put',
    path: '/api/blocks/{username}',
    summary: "Block a user: their posts leave the caller's lists, their messages are refused",
    auth: 'required',
    request: { params: BlockParams },
    responses: {
      200: { description: 'Blocked (also when already blocked)', schema: BlockedResponse },
      400: error(BlockTexts.cannotBlockSelf),
      ...signedIn,
      404: error('User not found'),
    },
  }),
  identity({
    method: 'delete',
    path: '/api/blocks/{username}',
    summary: 'Unblock a user',
    auth: 'required',
    request: { params: BlockParams },
    responses: {
      200: { description: 'Not blocked (also when it was not)', schema: BlockedResponse },
      ...signedIn,
      404: error('User not found'),
    },
  }),
  gateway({
    method: 'get',
    path: '/api/auth/me/export',
    summary:
      "Everything the platform holds about the caller, as a JSON file (composed from the three services' parts)",
    auth: 'required',
    responses: {
      200: { description: 'The file (Content-Disposition: attachment)', schema: AccountExport },
      ...signedIn,
      503: error('Service unavailable'),
    },
  }),
  identity({
    ...exportPart,
    responses: { 200: { description: exportDescription, schema: IdentityExport }, ...signedIn },
  }),
  forum({
    ...exportPart,
    responses: { 200: { description: exportDescription, schema: ForumExport }, ...signedIn },
  }),
  messaging({
    ...exportPart,
    responses: { 200: { description: exportDescription, schema: MessagingExport }, ...signedIn },
  }),
  identity({
    method: 'delete',
    path: '/api/auth/me',
    summary:
      'Delete the account: signed out everywhere; email, avatar and password erased; the username stays reserved; posts and comments show [deleted] (or are deleted with delete_content)',
    auth: 'required',
    request: { body: DeleteAccountRequest },
    responses: {
      200: { description: AccountDataTexts.accountDeleted, schema: AuthMessageResponse },
      400: error(`${AccountTexts.passwordIncorrect} / ${AccountDataTexts.deleteContentInvalid}`),
      ...signedIn,
      403: error(AccountDataTexts.adminCannotDelete),
      ...limited,
    },
  }),
  messaging({
    method: 'get',
    path: '/api/notifications/preferences',
    summary: 'Which notification types the caller receives (all by default)',
    auth: 'required',
    responses: {
      200: { description: 'Every type with true or false', schema: NotificationPreferences },
      ...signedIn,
    },
  }),
  messaging({
    method: 'put',
    path: '/api/notifications/preferences',
    summary: 'Turn notification types on or off; a type turned off creates no notification',
    auth: 'required',
    request: { body: UpdateNotificationPreferencesRequest },
    responses: {
      200: { description: 'Every type with true or false', schema: NotificationPreferences },
      400: error('Unknown notification type or a value that is not true or false'),
      ...signedIn,
    },
  }),
] as const;
