import { Router } from '@koa/router';
import { ListNotificationsQuery, NotificationTexts } from '@forum/contracts';
import { parseQuery, type Auth } from '@forum/service-kit';
import type { MessagingDeps } from '../deps.js';
import { caller, idParam } from '../http/validate.js';
import { presentNotification } from '../presenters/notification.js';
import { countUnreadNotifications } from '../use-cases/count-unread-notifications.js';
import { listNotifications } from '../use-cases/list-notifications.js';
import { markAllNotificationsRead } from '../use-cases/mark-all-notifications-read.js';
import { markNotificationRead } from '../use-cases/mark-notification-read.js';

/** /api/notifications: the caller's own notifications (spec §7 Notifications). */
export function notificationRoutes({ models }: MessagingDeps, auth: Auth): Router {
  const router = new Router({ prefix: '/api/notifications' });
  router.use(auth.requireAuth);

  router.get('/', async (ctx) => {
    const page = await listNotifications(
      models,
      caller(ctx),
      parseQuery(ctx, ListNotificationsQuery),
    );
    ctx.body = { ...page, notifications: page.notifications.map(presentNotification) };
  });
  router.get('/unread-count', async (ctx) => {
    ctx.body = { unreadCount: await countUnreadNotifications(models, caller(ctx)) };
  });
  router.put('/mark-all-read', async (ctx) => {
    const updated = await markAllNotificationsRead(models, caller(ctx));
    ctx.body = { updated, unreadCount: 0 };
  });
  router.put('/:id/read', async (ctx) => {
    const user = caller(ctx);
    const id = idParam(ctx, NotificationTexts.notFound);
    ctx.body = { notification: presentNotification(await markNotificationRead(models, user, id)) };
  });
  return router;
}
