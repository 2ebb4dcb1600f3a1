import { toObjectId, type AuthUser } from '@forum/service-kit';
import type { MessagingModels } from '../models/index.js';

/** Polled every 30 s by every signed-in tab: a count over the (user_id, is_read) index. */
export const countUnreadNotifications = ({ Notification }: MessagingModels, user: AuthUser) =>
  Notification.countDocuments({ user_id: toObjectId(user.id), is_read: false });
