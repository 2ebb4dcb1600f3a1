import {
  ListNotificationsResponse,
  MarkAllNotificationsReadResponse,
  NotificationResponse,
  UnreadCountResponse,
} from '@forum/contracts';
import type { SuccessSchemaTable } from '../successSchemas';

/** Notifications: the list, the unread count and marking them read. */
export const schemas = {
  'GET /api/notifications': ListNotificationsResponse,
  'GET /api/notifications/unread-count': UnreadCountResponse,
  'PUT /api/notifications/{id}/read': NotificationResponse,
  'PUT /api/notifications/mark-all-read': MarkAllNotificationsReadResponse,
} satisfies Partial<SuccessSchemaTable>;
