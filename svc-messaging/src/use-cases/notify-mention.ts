import type { EventOf, Subjects } from '@forum/contracts';
import type { MessagingModels } from '../models/index.js';
import type { NotificationDoc } from '../models/notification.js';
import { NotificationText } from '../domain/notification-texts.js';
import { createNotifications } from './shared/create-notifications.js';
import { findActiveUserIds } from './shared/find-active-users.js';

/**
 * forum.mention.recorded -> `mention` to each named user (EXTENSIONS §F3): forum sends at most 10
 * names per item, never the author's; here unknown, deactivated and deleted accounts drop out,
 * and createNotifications leaves out the author (by id), whoever blocked the author and whoever
 * turned mentions off. The unique (user_id, source_event_id) index makes a redelivery a no-op,
 * so each user hears once per item. related_id is the item (the post itself, or the comment),
 * post_id its post, as the client routes mod_action and report_resolved.
 */
export async function notifyMention(
  models: MessagingModels,
  event: EventOf<typeof Subjects.MentionRecorded>,
): Promise<NotificationDoc[]> {
  const recipients = await findActiveUserIds(models, event.usernames);
  const text = NotificationText.mention(
    event.author_username,
    event.item_type,
    event.post_title,
    event.content_preview,
  );
  return createNotifications(
    models,
    { eventId: event.id, actorId: event.author_id, at: new Date(event.created_at) },
    recipients.map((user_id) => ({
      user_id,
      type: 'mention',
      ...text,
      related_id: event.item_id,
      post_id: event.post_id,
    })),
  );
}
