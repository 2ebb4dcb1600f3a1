import { Types } from 'mongoose';
import type { NotificationType, UpdateNotificationPreferencesRequest } from '@forum/contracts';
import { isDuplicateKeyError, type AuthUser } from '@forum/service-kit';
import type { MessagingModels } from '../models/index.js';
import type { NotificationPreferenceDoc } from '../models/notification-preference.js';

/**
 * PUT /notifications/preferences: the named types change, the others keep their setting. A type
 * turned off is stored, one turned back on is removed (on is the default), in one atomic update
 * of the caller's document.
 */
export async function updateNotificationPreferences(
  { NotificationPreference }: MessagingModels,
  user: AuthUser,
  changes: UpdateNotificationPreferencesRequest,
): Promise<NotificationPreferenceDoc> {
  const entries = Object.entries(changes) as [NotificationType, boolean][];
  const off = entries.filter(([, on]) => !on).map(([type]) => [`disabled.${type}`, true]);
  const on = entries.filter(([, on]) => on).map(([type]) => [`disabled.${type}`, 1]);
  const update = {
    $set: { ...Object.fromEntries(off), updated_at: new Date() },
    ...(on.length ? { $unset: Object.fromEntries(on) } : {}),
  };
  const user_id = new Types.ObjectId(user.id);
  const save = (upsert: boolean) =>
    NotificationPreference.findOneAndUpdate({ user_id }, update, {
      upsert,
      returnDocument: 'after',
    }).lean<NotificationPreferenceDoc>();
  try {
    return (await save(true))!;
  } catch (err) {
    // Two first saves at once: the unique user_id let one insert; update it.
    if (!isDuplicateKeyError(err)) throw err;
    return (await save(false))!;
  }
}
