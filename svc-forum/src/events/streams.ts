import { Streams } from '@forum/contracts';
import type { StreamSpec } from '@forum/service-kit';

/**
 * Forum publishes to FORUM and consumes IDENTITY (the directory, site bans) and MESSAGING (message
 * reports); ensuring all three removes start-up order.
 */
export const forumStreams: StreamSpec[] = [Streams.forum, Streams.identity, Streams.messaging].map(
  (s) => ({
    name: s.name,
    subjects: [...s.subjects],
  }),
);

/**
 * The user directory consumer's durable name (also its processed_events key): existing consumers
 * and idempotency records depend on it, never change it.
 */
export const DIRECTORY_DURABLE = 'forum-user-directory';

/**
 * The comment fan-out consumer (forum.comment.created -> forum.comment.subscribers slices): its
 * position on the server and its processed_events key. Never rename it.
 */
export const COMMENT_FANOUT_DURABLE = 'forum-comment-subscribers';

/**
 * messaging.message.reported -> the admin's report queue (EXTENSIONS §M5): the consumer's position
 * on MESSAGING and its processed_events key. Never rename it.
 */
export const MESSAGE_REPORTS_DURABLE = 'forum-message-reports';

/**
 * identity.user.site_moderated -> the site-wide log entry (site_ban, site_unban): its position on
 * IDENTITY and its processed_events key. Never rename it.
 */
export const SITE_MODERATION_DURABLE = 'forum-site-moderation';

/**
 * identity.block.changed -> the blocks replica (EXTENSIONS §B1): its position on IDENTITY and its
 * processed_events key. Never rename it.
 */
export const BLOCKS_DURABLE = 'forum-blocks';

/**
 * identity.user.deleted -> the account deletion (EXTENSIONS §B2): its position on IDENTITY and
 * its processed_events key. Never rename it.
 */
export const ACCOUNT_DELETION_DURABLE = 'forum-account-deletion';
