import { Streams } from '@forum/contracts';
import type { StreamSpec } from '@forum/service-kit';

/** Forum publishes to FORUM and (later) consumes IDENTITY; ensuring both removes start-up order. */
export const forumStreams: StreamSpec[] = [Streams.forum, Streams.identity].map((s) => ({
  name: s.name,
  subjects: [...s.subjects],
}));

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
