import { Types } from 'mongoose';
import type { AuthUser } from '@forum/service-kit';
import type { MessagingModels } from '../models/index.js';
import type { NotificationPreferenceDoc } from '../models/notification-preference.js';

/** GET /notifications/preferences: the caller's stored choices (null: never changed any). */
export function getNotificationPreferences(
  { NotificationPreference }: MessagingModels,
  user: AuthUser,
): Promise<NotificationPreferenceDoc | null> {
  return NotificationPreference.findOne({
    user_id: new Types.ObjectId(user.id),
  }).lean<NotificationPreferenceDoc>();
}
