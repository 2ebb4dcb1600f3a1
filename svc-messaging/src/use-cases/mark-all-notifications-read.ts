import { toObjectId, type AuthUser } from '@forum/service-kit';
import type { MessagingModels } from '../models/index.js';

/** PUT /notifications/mark-all-read: returns how many were unread. */
export async function markAllNotificationsRead(
  { Notification }: MessagingModels,
  user: AuthUser,
): Promise<number> {
  const { modifiedCount } = await Notification.updateMany(
    { user_id: toObjectId(user.id), is_read: false },
    { $set: { is_read: true } },
  );
  return modifiedCount;
}
