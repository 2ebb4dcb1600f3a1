import { toObjectId, type AuthUser } from '@forum/service-kit';
import type { MessagingDeps } from '../deps.js';
import { publishUnreadHint } from '../live/hints.js';
import type { NotificationDoc } from '../models/notification.js';
import { assertOwnNotification } from '../policies/notification-policy.js';

/**
 * PUT /notifications/{id}/read: own notifications only (others are a 404); idempotent. Only the
 * call that flips it hints the caller's open streams that their unread count moved.
 */
export async function markNotificationRead(
  { models: { Notification }, live }: Pick<MessagingDeps, 'models' | 'live'>,
  user: AuthUser,
  id: string,
): Promise<NotificationDoc> {
  // The document as it was: whether this call is the one that read it.
  const before = await Notification.findOneAndUpdate(
    { _id: toObjectId(id), user_id: toObjectId(user.id) },
    { $set: { is_read: true } },
    { returnDocument: 'before' },
  ).lean<NotificationDoc>();
  assertOwnNotification(before, user);
  if (!before.is_read) publishUnreadHint(live, user.id);
  return { ...before, is_read: true };
}
