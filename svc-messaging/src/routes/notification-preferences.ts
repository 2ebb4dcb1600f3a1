import type { MessagingDeps } from '../deps.js';
import { presentNotificationPreferences } from '../presenters/notification-preferences.js';
import { getNotificationPreferences } from '../use-cases/get-notification-preferences.js';
import { updateNotificationPreferences } from '../use-cases/update-notification-preferences.js';
import type { MessagingHandlers } from './handlers.js';

/** EXTENSIONS §B2: which notification types the caller receives. */
export const notificationPreferenceHandlers = ({ models }: MessagingDeps) =>
  ({
    'GET /api/notifications/preferences': async ({ user }) =>
      presentNotificationPreferences(await getNotificationPreferences(models, user)),
    'PUT /api/notifications/preferences': async ({ user, body }) =>
      presentNotificationPreferences(await updateNotificationPreferences(models, user, body)),
  }) satisfies MessagingHandlers;
