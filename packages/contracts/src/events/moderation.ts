import { z } from '../zod.js';
import { Id, Timestamp } from '../http/common.js';
import { MODLOG_TARGETS, ModlogAction } from '../http/moderation.js';
import { defineEvent } from './envelope.js';

/**
 * A moderation action that concerns one user (EXTENSIONS §M7): their post or comment removed,
 * restored, locked or unlocked, or a ban from a community placed or lifted. Written in the
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
