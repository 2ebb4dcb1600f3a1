import { z } from '../zod.js';
import { Id, Timestamp } from './common.js';
import { pageLimitParam, pageParam } from './messages.js';

export const NOTIFICATION_TYPES = [
  'reply_to_post',
  'reply_to_comment',
  'post_vote',
  'comment_vote',
  'community_invite',
  'post_comment',
  'private_message',
  'referral_program_announcement',
  'referral_success',
  'badge_earned',
  // EXTENSIONS §M7 (moderation), §F3 (mentions) and §E (elections):
  'mod_action',
  'appeal_decided',
  'report_resolved',
  'mention',
  'election',
] as const;
export const NotificationType = z.enum(NOTIFICATION_TYPES);
export type NotificationType = z.infer<typeof NotificationType>;

export const NotificationTexts = { notFound: 'Notification not found' } as const;
export const NOTIFICATIONS_PAGE_SIZE = 20;

/**
 * Spec §3 Notification. Client routing (spec §4): private_message -> /inbox/{related_id};
 * comment types -> /post/{post_id}#comment-{related_id}; post_vote -> /post/{post_id}.
 * mod_action: a post's has post_id = related_id (-> the post), a comment's related_id is the
 * comment (-> its anchor), a ban's or unban's post_id is null and related_id the community's
 * name (-> /c/{related_id}/modlog).
 */
export const Notification = z
  .object({
    id: Id,
    type: NotificationType,
    title: z.string(),
    content: z.string(),
    is_read: z.boolean(),
    created_at: Timestamp,
    related_id: z.string().nullable(),
    post_id: z.string().nullable(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof Notification>;

export const ListNotificationsQuery = z.object({
  page: pageParam,
  limit: pageLimitParam(NOTIFICATIONS_PAGE_SIZE, 50),
});
export type ListNotificationsQuery = z.infer<typeof ListNotificationsQuery>;

export const ListNotificationsResponse = z.object({
  notifications: z.array(Notification),
  totalCount: z.number().int().nonnegative(),
  hasMore: z.boolean(),
});
export type ListNotificationsResponse = z.infer<typeof ListNotificationsResponse>;

export const NotificationResponse = z.object({ notification: Notification });
export type NotificationResponse = z.infer<typeof NotificationResponse>;

/** PUT /api/notifications/mark-all-read: how many changed; the unread count is then 0. */
export const MarkAllNotificationsReadResponse = z.object({
  updated: z.number().int().nonnegative(),
  unreadCount: z.literal(0),
});
export type MarkAllNotificationsReadResponse = z.infer<typeof MarkAllNotificationsReadResponse>;
