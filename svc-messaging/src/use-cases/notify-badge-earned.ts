import type { EventOf, Subjects } from '@forum/contracts';
import type { MessagingModels } from '../models/index.js';
import type { NotificationDoc } from '../models/notification.js';
import { NotificationText } from '../domain/notification-texts.js';
import { createNotifications } from './shared/create-notifications.js';

/** identity.badge.earned -> badge_earned to the earner (opens their profile). */
export async function notifyBadgeEarned(
  models: MessagingModels,
  event: EventOf<typeof Subjects.BadgeEarned>,
): Promise<NotificationDoc[]> {
  return createNotifications(
    models,
    // The platform awards badges: no user acted, so nobody is excluded.
    { eventId: event.id, actorId: '', at: new Date(event.earned_at) },
    [
      {
        user_id: event.user_id,
        type: 'badge_earned',
        ...NotificationText.badgeEarned(event.name, event.description),
        related_id: event.badge_id,
      },
    ],
  );
}
