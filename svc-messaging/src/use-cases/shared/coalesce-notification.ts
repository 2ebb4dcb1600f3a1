import { Types } from 'mongoose';
import { isDuplicateKeyError } from '@forum/service-kit';
import type { NotificationType } from '@forum/contracts';
import type { MessagingModels } from '../../models/index.js';
import type { NotificationDoc } from '../../models/notification.js';
import { wantedNotifications } from './wanted-notifications.js';

/** Event ids remembered per coalesced notification (redeliveries arrive soon after the first). */
const REMEMBERED_EVENTS = 200;

export interface CoalescedDraft {
  user_id: string;
  type: NotificationType;
  /** The item the events are about (post or comment id). */
  item_id: string;
  title: (count: number) => string;
  content: string;
  related_id: string;
  post_id: string;
}

/**
 * Fold an event into the user's one unread notification for the item (count + 1, title
 * rewritten), or start one. The `$ne` on the remembered event ids makes a redelivery a no-op
 * (except for finishing the title); the partial unique index (user, group_key) among unread ones
 * stops two instances from starting two. Two writes without a transaction, because a retry
 * finishes whatever a crash left. A type the user turned off, or an event from someone they
 * blocked, is not folded in at all (EXTENSIONS §B). Returns the notification as this event left
 * it (new, or folded into with its count and title moved on), or null when nothing changed (not
 * wanted, or a redelivery): what the user's live hint shows.
 */
export async function coalesceNotification(
  models: MessagingModels,
  source: { eventId: string; actorId: string; at: Date },
  draft: CoalescedDraft,
): Promise<NotificationDoc | null> {
  if ((await wantedNotifications(models, source.actorId, [draft])).length === 0) return null;
  const { Notification } = models;
  const user_id = new Types.ObjectId(draft.user_id);
  const group_key = `${draft.type}:${draft.item_id}`;
  const fold = (upsert: boolean) =>
    Notification.findOneAndUpdate(
      { user_id, group_key, is_read: false, source_event_ids: { $ne: source.eventId } },
      {
        $inc: { count: 1 },
        $push: { source_event_ids: { $each: [source.eventId], $slice: -REMEMBERED_EVENTS } },
        // Newest activity puts it back on top of the dropdown.
        $set: { created_at: source.at, content: draft.content },
        $setOnInsert: {
          type: draft.type,
          title: draft.title(1),
          related_id: draft.related_id,
          post_id: draft.post_id,
          source_event_id: source.eventId,
        },
      },
      { upsert, returnDocument: 'after' },
    ).lean<NotificationDoc>();

  let doc: NotificationDoc | null = null;
  for (let attempt = 0; attempt < 3 && !doc; attempt++) {
    try {
      doc = await fold(true);
    } catch (err) {
      if (!isDuplicateKeyError(err)) throw err;
      // Either this event is already folded in (nothing to do) or another instance has just
      // started the unread notification: fold into it.
      doc = await fold(false);
    }
  }
  const folded = doc;
  // A redelivery finds the notification an earlier attempt folded this event into: if that
  // attempt died before the title below, this one finishes it.
  doc ??= await Notification.findOne({
    user_id,
    group_key,
    is_read: false,
    source_event_ids: source.eventId,
  }).lean<NotificationDoc>();
  if (doc && doc.count > 1 && doc.title !== draft.title(doc.count)) {
    // Conditional on the count, so a later count's title always wins.
    await Notification.updateOne(
      { _id: doc._id, user_id, count: doc.count },
      { $set: { title: draft.title(doc.count) } },
    );
  }
  return folded && { ...folded, title: draft.title(folded.count) };
}
