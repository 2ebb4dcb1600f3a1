import { z } from '../zod.js';
import { NOTIFICATION_TYPES, type NotificationType } from './notifications.js';

/**
 * EXTENSIONS §B2: `{<type>: true|false}` for every notification type; a disabled type creates no
 * notification. Every type starts enabled.
 */
export const NotificationPreferenceTexts = {
  notBoolean: 'Each notification type is turned on or off with true or false',
  unknownType: 'Unknown notification type',
  empty: 'Choose at least one notification type',
} as const;

export const NotificationPreferences = z
  .object(
    Object.fromEntries(
      NOTIFICATION_TYPES.map((type) => [
        type,
        z.boolean({ error: NotificationPreferenceTexts.notBoolean }),
      ]),
    ) as Record<NotificationType, z.ZodBoolean>,
  )
  .meta({ id: 'NotificationPreferences' });
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;

/** PUT: any of the types (the others keep their setting); an unknown type is a 400. */
export const UpdateNotificationPreferencesRequest = z
  .strictObject(NotificationPreferences.partial().shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? NotificationPreferenceTexts.unknownType
        : NotificationPreferenceTexts.notBoolean,
  })
  .refine((body) => Object.keys(body).length > 0, NotificationPreferenceTexts.empty);
export type UpdateNotificationPreferencesRequest = z.infer<
  typeof UpdateNotificationPreferencesRequest
>;

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = Object.fromEntries(
  NOTIFICATION_TYPES.map((type) => [type, true]),
) as NotificationPreferences;
