import { z } from '../zod.js';
import { Id, Timestamp } from '../http/common.js';
import { MODLOG_TARGETS, ModlogAction, REPORT_TARGETS } from '../http/moderation.js';
import { defineEvent } from './envelope.js';

/**
 * A moderation action that concerns one user (EXTENSIONS §M7): their post or comment removed,
 * restored, locked or unlocked, a ban from a community placed or lifted, or their appeal decided
 * (`appeal_overturned` / `appeal_upheld`: messaging's `appeal_decided`; the recipient is the
 * appellant). Written in the
 * action's own transaction, so it exists exactly when the action and its log entry do. Carries
 * what messaging needs for the `mod_action` notification, without reading forum's data.
 */
export const ModActionRecordedEvent = defineEvent({
  /** The public log entry the action wrote (appeals name it). */
  modlog_id: Id,
  action: ModlogAction,
  community_id: Id,
  community_name: z.string(),
  moderator_id: Id,
  moderator_username: z.string(),
  /** Who is told: the affected author, or the banned user. */
  recipient_id: Id,
  target_type: z.enum(MODLOG_TARGETS),
  /** The post's title (a comment's post title); null for bans. */
  target_title: z.string().nullable(),
  reason: z.string().nullable(),
  /** Click routing: the post the item lives on (null for a ban). */
  post_id: Id.nullable(),
  /**
   * Click routing: the comment for a comment action, the post for a post action, the
   * community's name for a ban or unban (the client opens /c/{related_id}/modlog).
   */
  related_id: z.string().nullable(),
  /** A ban's end; null when permanent and for every other action. */
  expires_at: Timestamp.nullable(),
  created_at: Timestamp,
});

/**
 * Every report on one item closed (EXTENSIONS §M5), written in the resolution's transaction.
 * Messaging tells each reporter when the item was removed (`report_resolved`) and, for a
 * message, reopens reporting and hides a removed message.
 */
export const ReportResolvedEvent = defineEvent({
  report_id: Id,
  target_type: z.enum(REPORT_TARGETS),
  target_id: Id,
  action: z.enum(['dismiss', 'remove']),
  /** Everyone whose report was closed. */
  reporter_ids: z.array(Id),
  /** The post's title (a comment's post title); null for a message. */
  target_title: z.string().nullable(),
  community_name: z.string().nullable(),
  /** Click routing: the post the item lives on; null for a message. */
  post_id: Id.nullable(),
  resolved_at: Timestamp,
});

/**
 * A recipient reported a message to the admin (EXTENSIONS §M5). Messaging owns messages and
 * refuses a second open report; forum keeps the site-wide queue the admin works from.
 */
export const MessageReportedEvent = defineEvent({
  message_id: Id,
  reporter_id: Id,
  reporter_username: z.string(),
  author_id: Id,
  author_username: z.string(),
  /** The start of the message, for the queue (the admin sees what was reported). */
  excerpt: z.string(),
  reason: z.string(),
  created_at: Timestamp,
});

/**
 * The admin deactivated (`site_ban`, reason required) or reactivated (`site_unban`) an account.
 * Identity writes it with the change; forum adds the site-wide entry to the public log.
 */
export const SiteModerationRecordedEvent = defineEvent({
  action: z.enum(['site_ban', 'site_unban']),
  user_id: Id,
  username: z.string(),
  moderator_id: Id,
  moderator_username: z.string(),
  reason: z.string().nullable(),
  created_at: Timestamp,
});
