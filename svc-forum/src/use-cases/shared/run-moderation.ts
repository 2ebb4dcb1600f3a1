import { Subjects, type ModlogAction } from '@forum/contracts';
import { inTransaction, toObjectId, type AuthUser } from '@forum/service-kit';
import { Types, type ClientSession } from 'mongoose';
import type { ModlogEntryDoc, ModlogTarget } from '../../models/modlog-entry.js';
import type { ForumDeps } from '../../deps.js';

/** What one action writes to the public log (EXTENSIONS §M3). */
export interface ModlogDraft {
  community: { _id: Types.ObjectId; name: string; nsfw: boolean };
  action: ModlogAction;
  target: {
    type: ModlogTarget;
    id: Types.ObjectId | null;
    title?: string | null;
    username?: string | null;
    /** The user the action concerns (the notification's recipient, the appellant). */
    userId?: Types.ObjectId | null;
  };
  reason?: string | null;
  expiresAt?: Date | null;
  /** Tell the target user (§M7): where a click on the notification leads. */
  notify?: { postId: Types.ObjectId | null; relatedId: string | null };
}

/** The community part of a draft, from a post's or comment's copied community fields. */
export const communityOf = (item: {
  community_id: Types.ObjectId;
  community_name: string;
  community_nsfw?: boolean;
}): ModlogDraft['community'] => ({
  _id: item.community_id,
  name: item.community_name,
  nsfw: item.community_nsfw ?? false,
});

/** The community part of a draft, from the community's own document. */
export const logCommunity = (c: {
  _id: Types.ObjectId;
  name: string;
  is_nsfw: boolean;
}): ModlogDraft['community'] => ({ _id: c._id, name: c.name, nsfw: c.is_nsfw });

export interface ModerationStep {
  session: ClientSession;
  /** Who acts (the log entry's moderator). */
  moderator: AuthUser;
  /** The id the log entry will have: written on the item first (removal_modlog_id, a ban). */
  logId: Types.ObjectId;
  /** Write the log entry (and the notification's event): the action's last step. */
  record(draft: ModlogDraft): Promise<ModlogEntryDoc>;
}

/**
 * One moderation action: its change, its log entry and the event for the notification commit
 * together or not at all, also when the service dies between the writes (EXTENSIONS §M3). The
 * work may run again on a transient error, so it writes only through the session.
 */
export function runModeration<T>(
  deps: ForumDeps,
  moderator: AuthUser,
  work: (step: ModerationStep) => Promise<T>,
): Promise<T> {
  return inTransaction(deps.conn, async (session) => {
    const logId = new Types.ObjectId();
    return work({
      session,
      moderator,
      logId,
      record: (draft) => recordEntry(deps, session, moderator, logId, draft),
    });
  });
}

async function recordEntry(
  { models, outbox }: ForumDeps,
  session: ClientSession,
  moderator: AuthUser,
  logId: Types.ObjectId,
  draft: ModlogDraft,
): Promise<ModlogEntryDoc> {
  const { community, target } = draft;
  const [created] = await models.ModlogEntry.create(
    [
      {
        _id: logId,
        community_id: community._id,
        community_name: community.name,
        community_nsfw: community.nsfw,
        action: draft.action,
        moderator_id: toObjectId(moderator.id),
        moderator_username: moderator.username,
        target_type: target.type,
        target_id: target.id,
        target_title: target.title ?? null,
        target_username: target.username ?? null,
        target_user_id: target.userId ?? null,
        reason: draft.reason ?? null,
        expires_at: draft.expiresAt ?? null,
        created_at: new Date(),
      },
    ],
    { session },
  );
  const entry = created!.toObject();
  if (draft.notify && target.userId) {
    await outbox.add(
      Subjects.ModActionRecorded,
      {
        modlog_id: logId.toHexString(),
        action: entry.action,
        community_id: community._id.toHexString(),
        community_name: community.name,
        moderator_id: moderator.id,
        moderator_username: moderator.username,
        recipient_id: target.userId.toHexString(),
        target_type: target.type,
        target_title: entry.target_title,
        reason: entry.reason,
        post_id: draft.notify.postId?.toHexString() ?? null,
        related_id: draft.notify.relatedId,
        expires_at: entry.expires_at?.toISOString() ?? null,
        created_at: entry.created_at.toISOString(),
      },
      { session },
    );
  }
  return entry;
}
