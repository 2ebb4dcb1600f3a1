import { NotificationTexts } from '@forum/contracts';
import type { MessagingDeps } from '../deps.js';
import { presentNotification, presentNotificationPage } from '../presenters/notification.js';
import { countUnreadNotifications } from '../use-cases/count-unread-notifications.js';
import { listNotifications } from '../use-cases/list-notifications.js';
import { markAllNotificationsRead } from '../use-cases/mark-all-notifications-read.js';
import { markNotificationRead } from '../use-cases/mark-notification-read.js';
import type { MessagingHandlers } from './handlers.js';
import { notFoundUnlessId } from './hidden-ids.js';

/** /api/notifications: the caller's own notifications (spec §7 Notifications). */
export const notificationHandlers = (deps: MessagingDeps) =>
  ({
    'GET /api/notifications': async ({ user, query }) =>
      presentNotificationPage(await listNotifications(deps.models, user, query)),
    'GET /api/notifications/unread-count': async ({ user }) => ({
      unreadCount: await countUnreadNotifications(deps.models, user),
    }),
    'PUT /api/notifications/mark-all-read': async ({ user }) => ({
      updated: await markAllNotificationsRead(deps, user),
      unreadCount: 0,
    }),
    'PUT /api/notifications/{id}/read': {
      use: [notFoundUnlessId(NotificationTexts.notFound)],
      handle: async ({ user, params }) => ({
        notification: presentNotification(await markNotificationRead(deps, user, params.id)),
      }),
    },
  }) satisfies MessagingHandlers;
