import type { EventOf, Subjects } from '@forum/contracts';
import type { MessagingModels } from '../models/index.js';
import type { NotificationDoc } from '../models/notification.js';
import { isAppealDecision, NotificationText } from '../domain/notification-texts.js';
import { createNotifications } from './shared/create-notifications.js';

/**
 * forum.mod_action.recorded -> mod_action to the author or the banned user (EXTENSIONS §M7):
 * the title names the action, the content carries the reason; post_id/related_id route the click
 * (a ban's related_id is the community's name: its modlog). An appeal's outcome
 * (appeal_overturned/appeal_upheld) is an `appeal_decided` to the appellant instead, its content
 * the decision's reason, routed like the decision appealed. A moderator acting on their own
 * content is not told. Blocking the moderator does not stop it (it is the community's notice,
 * not a message from them); turning the type off does.
 */
export async function notifyModAction(
  models: MessagingModels,
  event: EventOf<typeof Subjects.ModActionRecorded>,
): Promise<NotificationDoc[]> {
  const { action } = event;
  const notice = isAppealDecision(action)
    ? { type: 'appeal_decided' as const, ...NotificationText.appealDecided({ ...event, action }) }
    : { type: 'mod_action' as const, ...NotificationText.modAction(event) };
  return createNotifications(
    models,
    {
      eventId: event.id,
      actorId: event.moderator_id,
      at: new Date(event.created_at),
      // Blocking a moderator does not hide what was done to one's content.
      ignoreBlocks: true,
    },
    [
      {
        user_id: event.recipient_id,
        ...notice,
        post_id: event.post_id,
        related_id: event.related_id,
      },
    ],
  );
}
