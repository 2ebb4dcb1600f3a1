import { Types } from 'mongoose';
import type { NotificationType } from '@forum/contracts';
import type { MessagingModels } from '../../models/index.js';

export interface RecipientDraft {
  user_id: string;
  type: NotificationType;
}

/**
 * The drafts whose recipients want them (EXTENSIONS §B): not a type the recipient turned off,
 * and nothing from an actor the recipient blocked. Two indexed reads for the whole event
 * (recipients `$in`), run side by side, whatever the number of recipients; a disabled type or a
 * blocked actor means the notification is never written.
 */
export async function wantedNotifications<D extends RecipientDraft>(
  { NotificationPreference, Block }: MessagingModels,
  /** Whose action it is; null when blocks do not apply (no actor, or a moderation notice). */
  actorId: string | null,
  drafts: D[],
): Promise<D[]> {
  if (drafts.length === 0) return drafts;
  const recipients = [...new Set(drafts.map((d) => d.user_id))].map((id) => new Types.ObjectId(id));
  const types = [...new Set(drafts.map((d) => d.type))];
  const [turnedOff, blockers] = await Promise.all([
    // Only documents that turn off one of the event's types: most users have none.
    NotificationPreference.find(
      {
        user_id: { $in: recipients },
        $or: types.map((type) => ({ [`disabled.${type}`]: true })),
      },
      { user_id: 1, disabled: 1 },
    ).lean(),
    actorId && Types.ObjectId.isValid(actorId)
      ? Block.find(
          {
            blocker_id: { $in: recipients },
            blocked_id: new Types.ObjectId(actorId),
            blocked: true,
          },
          { blocker_id: 1 },
        ).lean()
      : [],
  ]);
  if (turnedOff.length === 0 && blockers.length === 0) return drafts;
  const off = new Map(turnedOff.map((p) => [p.user_id.toHexString(), p.disabled ?? {}]));
  const blocked = new Set(blockers.map((b) => b.blocker_id.toHexString()));
  return drafts.filter((d) => !blocked.has(d.user_id) && off.get(d.user_id)?.[d.type] !== true);
}
