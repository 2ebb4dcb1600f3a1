import { NotificationTexts } from '@forum/contracts';
import { notFound, type AuthUser } from '@forum/service-kit';
import type { NotificationDoc } from '../models/notification.js';

/** Notifications are private to their user; someone else's is indistinguishable from none. */
export function assertOwnNotification(
  notification: NotificationDoc | null,
  user: AuthUser,
): asserts notification is NotificationDoc {
  if (!notification || notification.user_id.toHexString() !== user.id) {
    throw notFound(NotificationTexts.notFound);
  }
}
