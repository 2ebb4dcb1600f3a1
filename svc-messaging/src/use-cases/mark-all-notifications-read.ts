import type { AuthUser } from '@forum/service-kit';
import type { MessagingModels } from '../models/index.js';
import { oid } from '../http/ids.js';

/** PUT /notifications/mark-all-read: returns how many were unread. */
export async function markAllNotificationsRead(
  { Notification }: MessagingModels,
  user: AuthUser,
): Promise<number> {
  const { modifiedCount } = await Notification.updateMany(
    { user_id: oid(user.id), is_read: false },
    { $set: { is_read: true } },
  );
  return modifiedCount;
}
