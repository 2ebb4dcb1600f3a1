import type { EventOf, Subjects } from '@forum/contracts';
import type { MessagingModels } from '../models/index.js';
import type { NotificationDoc } from '../models/notification.js';
import { NotificationText } from '../domain/notification-texts.js';
import { createNotifications } from './shared/create-notifications.js';

type CommentSubscribers = EventOf<typeof Subjects.CommentSubscribers>;

/**
 * forum.comment.subscribers (one slice of a post's subscribers) -> post_comment, as
 * notify-comment-created does for the subscriber_ids of older events: not the comment's author,
 * nor whoever the comment event itself tells (the post's author of a top-level comment, the
 * parent's author of a reply). Keyed by the comment event's id, like that event's own
 * notifications: the unique (user_id, source_event_id) index makes a redelivered slice, or a
 * subscriber listed twice, a no-op, and nobody gets two notifications for one comment.
 */
export async function notifyCommentSubscribers(
  models: MessagingModels,
  event: CommentSubscribers,
): Promise<NotificationDoc[]> {
  const told = event.parent_id ? event.parent_author_id : event.post_author_id;
  const text = NotificationText.postComment(
    event.author_username,
    event.post_title,
    event.content_preview,
  );
  const drafts = event.subscriber_ids
    .filter((id) => id !== told)
    .map((user_id) => ({
      user_id,
      type: 'post_comment' as const,
      ...text,
      related_id: event.comment_id,
      post_id: event.post_id,
    }));
  return createNotifications(
    models,
    { eventId: event.comment_event_id, actorId: event.author_id, at: new Date(event.created_at) },
    drafts,
  );
}
