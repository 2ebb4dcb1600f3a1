import type { ListNotificationsQuery } from '@forum/contracts';
import { toObjectId, type AuthUser } from '@forum/service-kit';
import type { MessagingModels } from '../models/index.js';
import type { NotificationDoc } from '../models/notification.js';

/** Newest first over the (user_id, created_at) index, plus the total for the dropdown. */
export async function listNotifications(
  { Notification }: MessagingModels,
  user: AuthUser,
  { page, limit }: ListNotificationsQuery,
): Promise<{ notifications: NotificationDoc[]; totalCount: number; hasMore: boolean }> {
  const filter = { user_id: toObjectId(user.id) };
  const skip = (page - 1) * limit;
  const [notifications, totalCount] = await Promise.all([
    Notification.find(filter)
      .sort({ created_at: -1, _id: -1 })
      .skip(skip)
      .limit(limit)
      .lean<NotificationDoc[]>(),
    Notification.countDocuments(filter),
  ]);
  return { notifications, totalCount, hasMore: skip + notifications.length < totalCount };
}
