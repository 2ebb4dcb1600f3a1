import { Types } from 'mongoose';
import type { NotificationType } from '@forum/contracts';
import type { MessagingModels } from '../../models/index.js';
import type { NotificationDoc } from '../../models/notification.js';
import { wantedNotifications } from './wanted-notifications.js';

export interface NotificationDraft {
  user_id: string;
  type: NotificationType;
  title: string;
  content: string;
  related_id?: string | null;
  post_id?: string | null;
}

/**
 * Insert one notification per draft for the source event. The unique (user_id, source_event_id)
 * index turns a redelivery (or another instance handling the same event) into no-ops, and the
 * unordered insert keeps going past those duplicates. Nobody is notified of their own action,
 * nor of a type they turned off, nor of the action of someone they blocked (EXTENSIONS §B).
 * Returns the notifications this call stored (not the duplicates), for the live hints.
 */
export async function createNotifications(
  models: MessagingModels,
  source: {
    eventId: string;
    /** null: the event names nobody to leave out (a report's resolution). */
    actorId: string | null;
    at: Date;
    /** Moderation notices reach their user even from a moderator they blocked. */
    ignoreBlocks?: boolean;
  },
  drafts: NotificationDraft[],
): Promise<NotificationDoc[]> {
  // First draft per user wins (drafts come in priority order); the actor gets none. Preferences
  // apply after: a user who turned off the kind they would get is not told in another way.
  const recipients = new Set<string>(source.actorId ? [source.actorId] : []);
  const firsts = drafts.filter(
    (d) => !recipients.has(d.user_id) && Boolean(recipients.add(d.user_id)),
  );
  const wanted = await wantedNotifications(
    models,
    source.ignoreBlocks ? null : source.actorId,
    firsts,
  );
  // Ids chosen here, so what was stored is known without reading it back.
  const docs: NotificationDoc[] = wanted.map((d) => ({
    ...d,
    _id: new Types.ObjectId(),
    user_id: new Types.ObjectId(d.user_id),
    related_id: d.related_id ?? null,
    post_id: d.post_id ?? null,
    is_read: false,
    created_at: source.at,
    source_event_id: source.eventId,
    count: 1,
    source_event_ids: [],
  }));
  if (docs.length === 0) return [];
  try {
    await models.Notification.insertMany(docs, { ordered: false });
    return docs;
  } catch (err) {
    const refused = duplicateIndexes(err, docs.length);
    if (!refused) throw err;
    return docs.filter((_, i) => !refused.has(i));
  }
}

type WriteError = { code?: number; index?: number; err?: { code?: number; index?: number } };

/** The positions the unordered insert refused as duplicates; undefined if anything else failed. */
function duplicateIndexes(err: unknown, count: number): Set<number> | undefined {
  const e = err as { code?: number; writeErrors?: WriteError[] };
  const errors = e.writeErrors ?? [];
  if (errors.length === 0) {
    // A lone duplicate without its position: count every draft as refused (a lost hint costs a
    // late badge, a hint for a notification that was not stored would show a false one).
    return e.code === 11000 ? new Set(Array.from({ length: count }, (_, i) => i)) : undefined;
  }
  if (errors.some((w) => (w.code ?? w.err?.code) !== 11000)) return undefined;
  return new Set(errors.map((w) => w.index ?? w.err?.index ?? -1));
}
