import type { EventOf, Subjects } from '@forum/contracts';
import type { MessagingModels } from '../models/index.js';
import type { NotificationDoc } from '../models/notification.js';
import { NotificationText } from '../domain/notification-texts.js';
import { createNotifications } from './shared/create-notifications.js';

/** identity.referral.completed -> referral_success to the referrer (opens the invite modal). */
export async function notifyReferralCompleted(
  models: MessagingModels,
  event: EventOf<typeof Subjects.ReferralCompleted>,
): Promise<NotificationDoc[]> {
  return createNotifications(
    models,
    { eventId: event.id, actorId: event.referred_user_id, at: new Date(event.occurred_at) },
    [
      {
        user_id: event.referrer_id,
        type: 'referral_success',
        ...NotificationText.referralSuccess(event.referred_username, event.completed_referrals),
        related_id: event.referred_user_id,
      },
    ],
  );
}
