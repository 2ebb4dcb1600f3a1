import type { EventOf, Subjects } from '@forum/contracts';
import type { MessagingModels } from '../models/index.js';
import type { NotificationDoc } from '../models/notification.js';
import { NotificationText } from '../domain/notification-texts.js';
import { createNotifications } from './shared/create-notifications.js';

/**
 * forum.election.decided (one slice of an election's candidates or voters) -> `election` to each
 * recipient (EXTENSIONS §E): the title names the community and the result; related_id is the
 * community's name (the client opens its elections). Keyed by the slice's event id: the unique
 * (user_id, source_event_id) index makes a redelivered slice a no-op.
 */
export async function notifyElectionDecided(
  models: MessagingModels,
  event: EventOf<typeof Subjects.ElectionDecided>,
): Promise<NotificationDoc[]> {
  const text = NotificationText.election(event);
  return createNotifications(
    models,
    { eventId: event.id, actorId: null, at: new Date(event.closed_at) },
    event.recipient_ids.map((user_id) => ({
      user_id,
      type: 'election' as const,
      ...text,
      related_id: event.community_name,
      post_id: null,
    })),
  );
}
