import { Types } from 'mongoose';
import type { NotificationType } from '@forum/contracts';
import type { MessagingModels } from '../../models/index.js';

export interface RecipientDraft {
  user_id: string;
  type: NotificationType;
}

/**
 * The drafts whose recipients want them (EXTENSIONS §B): not a type the recipient turned off,
 * nothing from an actor the recipient blocked, nothing for a deleted account. Two indexed reads for the whole event
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
  // Only the index's own fields in the filters, the rest checked here: at most one document per
  // recipient is read either way, and the dev DB is 5-10x slower with a residual condition next
  // to a long $in (a 1,000-recipient slice: 120 -> 13 ms, 75 -> 14 ms).
  const [preferences, blocks] = await Promise.all([
    // Only users who ever changed a preference (or whose account was deleted) have a document.
    NotificationPreference.find(
      { user_id: { $in: recipients } },
      { user_id: 1, disabled: 1, account_deleted_at: 1 },
    ).lean(),
    actorId && Types.ObjectId.isValid(actorId)
      ? Block.find(
          { blocker_id: { $in: recipients }, blocked_id: new Types.ObjectId(actorId) },
          { blocker_id: 1, blocked: 1 },
        ).lean()
      : [],
  ]);
  const blockers = new Set(blocks.filter((b) => b.blocked).map((b) => b.blocker_id.toHexString()));
  if (preferences.length === 0 && blockers.size === 0) return drafts;
  const off = new Map(preferences.map((p) => [p.user_id.toHexString(), p.disabled ?? {}]));
  // A deleted account's marker (apply-account-deletion) turns every type off.
  const deleted = new Set(
    preferences.filter((p) => p.account_deleted_at).map((p) => p.user_id.toHexString()),
  );
  return drafts.filter(
    (d) =>
      !blockers.has(d.user_id) && !deleted.has(d.user_id) && off.get(d.user_id)?.[d.type] !== true,
  );
}
