import type { EventOf, Subjects } from '@forum/contracts';
import type { MessagingModels } from '../models/index.js';
import type { NotificationDoc } from '../models/notification.js';
import { NotificationText } from '../domain/notification-texts.js';
import { createNotifications } from './shared/create-notifications.js';

/**
 * forum.report.resolved -> report_resolved to each reporter, only when the item was removed
 * (EXTENSIONS §M7); a dismissal tells nobody. Routed like mod_action: a post's post_id and
 * related_id are the post, a comment's related_id is the comment; a message's are both null (the
 * reporter's copy of the conversation already shows it removed).
 */
export async function notifyReportResolved(
  models: MessagingModels,
  event: EventOf<typeof Subjects.ReportResolved>,
): Promise<NotificationDoc[]> {
  if (event.action !== 'remove') return [];
  const text = NotificationText.reportResolved(event);
  const routing =
    event.target_type === 'message'
      ? { post_id: null, related_id: null }
      : { post_id: event.post_id, related_id: event.target_id };
  return createNotifications(
    models,
    // The event does not name who resolved it: every reporter is told.
    { eventId: event.id, actorId: null, at: new Date(event.resolved_at) },
    event.reporter_ids.map((user_id) => ({
      user_id,
      type: 'report_resolved' as const,
      ...text,
      ...routing,
    })),
  );
}
