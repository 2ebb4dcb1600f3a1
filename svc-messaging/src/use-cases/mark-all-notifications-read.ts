import { toObjectId, type AuthUser } from '@forum/service-kit';
import type { MessagingDeps } from '../deps.js';
import { publishUnreadHint } from '../live/hints.js';

/**
 * PUT /notifications/mark-all-read: returns how many were unread. When there were any, the
 * caller's open streams hear that their unread count moved.
 */
export async function markAllNotificationsRead(
  { models: { Notification }, live }: Pick<MessagingDeps, 'models' | 'live'>,
  user: AuthUser,
): Promise<number> {
  const { modifiedCount } = await Notification.updateMany(
    { user_id: toObjectId(user.id), is_read: false },
    { $set: { is_read: true } },
  );
  if (modifiedCount > 0) publishUnreadHint(live, user.id);
  return modifiedCount;
}
