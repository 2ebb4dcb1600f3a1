import { z } from '../zod.js';
import { Id, Timestamp } from './common.js';
import { AccountTexts, CurrentPassword } from './account-settings.js';
import { Block } from './blocks.js';
import { NotificationPreferences } from './notification-preferences.js';
import { NotificationType } from './notifications.js';
import { ReactionType } from './reaction-kinds.js';

/** EXTENSIONS §B2: account deletion's texts and what a deleted author shows as. */
export const AccountDataTexts = {
  accountDeleted: 'Your account has been deleted.',
  adminCannotDelete: 'The admin account cannot be deleted',
  deleteContentInvalid: 'delete_content must be true or false',
  /** Typed on the settings page before the Delete account button works. */
  deleteConfirmation: 'delete my account',
} as const;

/** The author name every remaining post, comment and conversation shows for a deleted account. */
export const DELETED_AUTHOR = '[deleted]';

/** DELETE /api/auth/me: the password confirms; delete_content also deletes posts and comments. */
export const DeleteAccountRequest = z.object({
  password: CurrentPassword(AccountTexts.passwordIncorrect),
  delete_content: z.boolean({ error: AccountDataTexts.deleteContentInvalid }).optional(),
});
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequest>;

const Count = z.number().int();
const Vote = z.union([z.literal(1), z.literal(-1)]);

// ---- GET /api/auth/me/export: one part per service, composed by the gateway ----

/** svc-identity's part: the account itself, referrals, badges and the caller's blocks. */
export const IdentityExport = z.object({
  profile: z.object({
    id: Id,
    username: z.string(),
    email: z.string(),
    email_verified: z.boolean(),
    avatar_url: z.string().nullable(),
    created_at: Timestamp,
    last_active_at: Timestamp.nullable(),
    total_score: Count,
  }),
  referral_code: z.string().nullable(),
  /** The accounts created with the caller's referral code. */
  referrals: z.array(
    z.object({ username: z.string(), created_at: Timestamp, completed: z.boolean() }),
  ),
  badges: z.array(
    z.object({
      badge_type: z.string(),
      name: z.string(),
      description: z.string(),
      earned_at: Timestamp,
    }),
  ),
  blocks: z.array(Block),
});
export type IdentityExport = z.infer<typeof IdentityExport>;

/** svc-forum's part: what the caller wrote and every mark they left. */
export const ForumExport = z.object({
  posts: z.array(
    z.object({
      id: Id,
      community_name: z.string(),
      title: z.string(),
      type: z.string(),
      content: z.string(),
      image_url: z.string().nullable(),
      removed: z.boolean(),
      created_at: Timestamp,
      updated_at: Timestamp,
    }),
  ),
  comments: z.array(
    z.object({
      id: Id,
      post_id: Id,
      parent_id: Id.nullable(),
      community_name: z.string(),
      content: z.string(),
      is_deleted: z.boolean(),
      removed: z.boolean(),
      created_at: Timestamp,
      updated_at: Timestamp,
    }),
  ),
  post_votes: z.array(z.object({ post_id: Id, vote_type: Vote, created_at: Timestamp })),
  comment_votes: z.array(
    z.object({ comment_id: Id, post_id: Id, vote_type: Vote, created_at: Timestamp }),
  ),
  reactions: z.array(z.object({ post_id: Id, reaction_type: ReactionType, created_at: Timestamp })),
  saved_posts: z.array(z.object({ post_id: Id, saved_at: Timestamp })),
  saved_comments: z.array(z.object({ comment_id: Id, post_id: Id, saved_at: Timestamp })),
  memberships: z.array(
    z.object({
      community_id: Id,
      community_name: z.string(),
      is_moderator: z.boolean(),
      joined_at: Timestamp,
    }),
  ),
  subscriptions: z.array(z.object({ post_id: Id, subscribed_at: Timestamp })),
  /** Reports the caller made on posts and comments (message reports are messaging's). */
  reports: z.array(
    z.object({
      target_type: z.string(),
      target_id: Id,
      community_name: z.string().nullable(),
      reason: z.string(),
      status: z.string(),
      created_at: Timestamp,
    }),
  ),
});
export type ForumExport = z.infer<typeof ForumExport>;

/** svc-messaging's part: conversations with every message, notifications, preferences. */
export const MessagingExport = z.object({
  conversations: z.array(
    z.object({
      id: Id,
      subject: z.string(),
      other_username: z.string(),
      created_at: Timestamp,
      messages: z.array(
        z.object({
          id: Id,
          sender_username: z.string(),
          content: z.string(),
          created_at: Timestamp,
          read_at: Timestamp.nullable(),
        }),
      ),
    }),
  ),
  notifications: z.array(
    z.object({
      id: Id,
      type: NotificationType,
      title: z.string(),
      content: z.string(),
      is_read: z.boolean(),
      created_at: Timestamp,
    }),
  ),
  notification_preferences: NotificationPreferences,
  /** Messages the caller reported to the admin. */
  message_reports: z.array(
    z.object({ message_id: Id, reason: z.string(), status: z.string(), created_at: Timestamp }),
  ),
});
export type MessagingExport = z.infer<typeof MessagingExport>;

/** The downloaded file: every part, and when it was made. */
export const AccountExport = z
  .object({
    exported_at: Timestamp,
    ...IdentityExport.shape,
    ...ForumExport.shape,
    ...MessagingExport.shape,
  })
  .meta({ id: 'AccountExport' });
export type AccountExport = z.infer<typeof AccountExport>;
