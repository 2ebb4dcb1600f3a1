import type { EventOf, Subjects } from '@forum/contracts';
import type { MessagingModels } from '../models/index.js';
import type { NotificationDoc } from '../models/notification.js';
import { NotificationText } from '../domain/notification-texts.js';
import { createNotifications } from './shared/create-notifications.js';

/** messaging.message.sent -> private_message to the recipient; related_id opens the thread. */
export async function notifyMessageSent(
  models: MessagingModels,
  event: EventOf<typeof Subjects.MessageSent>,
): Promise<NotificationDoc[]> {
  return createNotifications(
    models,
    { eventId: event.id, actorId: event.sender_id, at: new Date(event.created_at) },
    [
      {
        user_id: event.recipient_id,
        type: 'private_message',
        ...NotificationText.privateMessage(
          event.sender_username,
          event.subject,
          event.content_preview,
        ),
        related_id: event.conversation_id,
      },
    ],
  );
}
