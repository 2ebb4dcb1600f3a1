import type { EventOf, Subjects } from '@forum/contracts';
import { toObjectId } from '@forum/service-kit';
import type { ClientSession } from 'mongoose';
import type { ForumDeps } from '../deps.js';

/**
 * identity.user.site_moderated (EXTENSIONS §M3): the admin's deactivation (site_ban, with its
 * reason) or reactivation (site_unban) as a site-wide entry of the public log (no community).
 * Runs in the transaction that records the event as processed; the entry also keeps the event's
 * id, so a replay after that record expired finds it and writes nothing. False when it did so.
 */
export async function recordSiteModeration(
  { models }: Pick<ForumDeps, 'models'>,
  event: EventOf<typeof Subjects.SiteModerationRecorded>,
  session: ClientSession,
): Promise<boolean> {
  const { ModlogEntry } = models;
  if (await ModlogEntry.exists({ source_event_id: event.id }).session(session)) return false;
  const userId = toObjectId(event.user_id);
  await ModlogEntry.create(
    [
      {
        community_id: null,
        community_name: null,
        community_nsfw: false,
        action: event.action,
        moderator_id: toObjectId(event.moderator_id),
        moderator_username: event.moderator_username,
        target_type: 'user',
        target_id: userId,
        target_title: null,
        target_username: event.username,
        target_user_id: userId,
        reason: event.reason,
        expires_at: null,
        created_at: new Date(event.created_at),
        source_event_id: event.id,
      },
    ],
    { session },
  );
  return true;
}
