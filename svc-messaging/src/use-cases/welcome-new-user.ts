import type { EventOf, Subjects } from '@forum/contracts';
import type { MessagingModels } from '../models/index.js';
import type { NotificationDoc } from '../models/notification.js';
import { NotificationText } from '../domain/notification-texts.js';
import { createNotifications } from './shared/create-notifications.js';

/** identity.user.registered -> the referral_program_announcement welcome for the new user. */
export async function welcomeNewUser(
  models: MessagingModels,
  event: EventOf<typeof Subjects.UserRegistered>,
): Promise<NotificationDoc[]> {
  return createNotifications(
    models,
    { eventId: event.id, actorId: '', at: new Date(event.created_at) },
    [
      {
        user_id: event.user_id,
        type: 'referral_program_announcement',
        ...NotificationText.referralAnnouncement(),
      },
    ],
  );
}
