import type { ClientSession } from 'mongoose';
import { Subjects } from '@forum/contracts';
import type { AuthUser } from '@forum/service-kit';
import type { IdentityDeps } from '../deps.js';
import type { UserDoc } from '../models/user.js';

type EventUser = Pick<UserDoc, '_id' | 'username' | 'avatar_url' | 'is_active'>;

/**
 * Avatar or status changed: forum and messaging refresh their directory copies. Stored in the
 * transaction (`session`) that made the change.
 */
export const publishUserUpdated = (
  { outbox }: Pick<IdentityDeps, 'outbox'>,
  session: ClientSession,
  user: EventUser,
) =>
  outbox.add(
    Subjects.UserUpdated,
    {
      user_id: user._id.toHexString(),
      username: user.username,
      avatar_url: user.avatar_url ?? null,
      is_active: user.is_active,
    },
    { session },
  );

/**
 * The admin deactivated (site_ban) or reactivated (site_unban) an account: forum writes the
 * site-wide entry of the public moderation log. Stored in the transaction of the change.
 */
export const publishSiteModeration = (
  { outbox, now }: Pick<IdentityDeps, 'outbox' | 'now'>,
  session: ClientSession,
  {
    action,
    user,
    moderator,
    reason,
  }: {
    action: 'site_ban' | 'site_unban';
    user: Pick<UserDoc, '_id' | 'username'>;
    moderator: Pick<AuthUser, 'id' | 'username'>;
    reason: string | null;
  },
) =>
  outbox.add(
    Subjects.SiteModerationRecorded,
    {
      action,
      user_id: user._id.toHexString(),
      username: user.username,
      moderator_id: moderator.id,
      moderator_username: moderator.username,
      reason,
      created_at: now().toISOString(),
    },
    { session },
  );

/**
 * EXTENSIONS §B2: the account is deleted. Forum shows or deletes its content (`delete_content`),
 * messaging erases its notifications; stored in the transaction of the deletion.
 */
export const publishUserDeleted = (
  { outbox }: Pick<IdentityDeps, 'outbox'>,
  session: ClientSession,
  {
    user,
    deleteContent,
    deletedAt,
  }: { user: Pick<UserDoc, '_id' | 'username'>; deleteContent: boolean; deletedAt: Date },
) =>
  outbox.add(
    Subjects.UserDeleted,
    {
      user_id: user._id.toHexString(),
      username: user.username,
      delete_content: deleteContent,
      deleted_at: deletedAt.toISOString(),
    },
    { session },
  );
