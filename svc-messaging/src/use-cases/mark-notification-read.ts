import { toObjectId, type AuthUser } from '@forum/service-kit';
import type { MessagingModels } from '../models/index.js';
import type { NotificationDoc } from '../models/notification.js';
import { assertOwnNotification } from '../policies/notification-policy.js';

/** PUT /notifications/{id}/read: own notifications only (others are a 404); idempotent. */
export async function markNotificationRead(
  { Notification }: MessagingModels,
  user: AuthUser,
  id: string,
): Promise<NotificationDoc> {
  const notification = await Notification.findOneAndUpdate(
    { _id: toObjectId(id), user_id: toObjectId(user.id) },
    { $set: { is_read: true } },
    { returnDocument: 'after' },
  ).lean<NotificationDoc>();
  assertOwnNotification(notification, user);
  return notification;
}
