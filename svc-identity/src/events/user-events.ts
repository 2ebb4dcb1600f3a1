import type { ClientSession } from 'mongoose';
import { Subjects } from '@forum/contracts';
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
