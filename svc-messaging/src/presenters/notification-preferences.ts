import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_TYPES,
  type NotificationPreferences,
} from '@forum/contracts';
import type { NotificationPreferenceDoc } from '../models/notification-preference.js';

/** Every type: off if the user turned it off, on otherwise (also types added since). */
export const presentNotificationPreferences = (
  doc: Pick<NotificationPreferenceDoc, 'disabled'> | null,
): NotificationPreferences => ({
  ...DEFAULT_NOTIFICATION_PREFERENCES,
  ...Object.fromEntries(
    NOTIFICATION_TYPES.filter((type) => doc?.disabled?.[type] === true).map((type) => [
      type,
      false,
    ]),
  ),
});
