import type { ListNotificationsResponse, Notification } from '@forum/contracts';
import type { NotificationDoc } from '../models/notification.js';

export const presentNotification = (doc: NotificationDoc): Notification => ({
  id: doc._id.toHexString(),
  type: doc.type,
  title: doc.title,
  content: doc.content ?? '',
  is_read: doc.is_read ?? false,
  created_at: doc.created_at.toISOString(),
  related_id: doc.related_id ?? null,
  post_id: doc.post_id ?? null,
});

export const presentNotificationPage = (page: {
  notifications: NotificationDoc[];
  totalCount: number;
  hasMore: boolean;
}): ListNotificationsResponse => ({
  notifications: page.notifications.map(presentNotification),
  totalCount: page.totalCount,
  hasMore: page.hasMore,
});
