import type { EventOf, Subjects } from '@forum/contracts';
import type { MessagingModels } from '../models/index.js';
import type { NotificationDoc } from '../models/notification.js';
import { NotificationText } from '../domain/notification-texts.js';
import { createNotifications, type NotificationDraft } from './shared/create-notifications.js';

type CommentCreated = EventOf<typeof Subjects.CommentCreated>;

/**
 * forum.comment.created -> reply_to_post (the post's author, top-level comments),
 * reply_to_comment (the parent's author, replies) and post_comment (the post's subscribers).
 * Drafts are in priority order: someone already told as an author is not told again as a
 * subscriber. related_id is the new comment, post_id its post (spec §4 click routing).
 */
export async function notifyCommentCreated(
  models: MessagingModels,
  event: CommentCreated,
): Promise<NotificationDoc[]> {
  const { author_username: author, post_title: title, content_preview: preview } = event;
  const target = { related_id: event.comment_id, post_id: event.post_id };
  const drafts: NotificationDraft[] = [];
  if (event.parent_id && event.parent_author_id) {
    drafts.push({
      user_id: event.parent_author_id,
      type: 'reply_to_comment',
      ...NotificationText.replyToComment(author, title, preview),
      ...target,
    });
  } else if (!event.parent_id) {
    drafts.push({
      user_id: event.post_author_id,
      type: 'reply_to_post',
      ...NotificationText.replyToPost(author, title, preview),
      ...target,
    });
  }
  const subscriber = NotificationText.postComment(author, title, preview);
  for (const user_id of event.subscriber_ids ?? []) {
    drafts.push({ user_id, type: 'post_comment', ...subscriber, ...target });
  }
  return createNotifications(
    models,
    { eventId: event.id, actorId: event.author_id, at: new Date(event.created_at) },
    drafts,
  );
}
