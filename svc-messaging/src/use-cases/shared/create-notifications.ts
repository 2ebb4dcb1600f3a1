import { Types } from 'mongoose';
import type { NotificationType } from '@forum/contracts';
import type { MessagingModels } from '../../models/index.js';
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
): Promise<void> {
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
  const docs = wanted.map((d) => ({
    ...d,
    user_id: new Types.ObjectId(d.user_id),
    related_id: d.related_id ?? null,
    post_id: d.post_id ?? null,
    is_read: false,
    created_at: source.at,
    source_event_id: source.eventId,
    count: 1,
    source_event_ids: [],
  }));
  if (docs.length === 0) return;
  try {
    await models.Notification.insertMany(docs, { ordered: false });
  } catch (err) {
    if (!allDuplicates(err)) throw err;
  }
}

function allDuplicates(err: unknown): boolean {
  const e = err as { code?: number; writeErrors?: { code?: number; err?: { code?: number } }[] };
  if (e.writeErrors?.length) {
    return e.writeErrors.every((w) => (w.code ?? w.err?.code) === 11000);
  }
  return e.code === 11000;
}
