import { Types } from 'mongoose';
import type { EventOf, Subjects } from '@forum/contracts';
import { isDuplicateKeyError } from '@forum/service-kit';
import type { ForumModels } from '../models/index.js';

type UserUpdated = EventOf<typeof Subjects.UserUpdated>;

/**
 * Apply a profile change (avatar, and is_active when the event carries it); an event older than
 * the stored state is ignored (updated_at guard). A user the directory does not know yet is
 * added, so a deactivation is never lost; identity.user.registered fills in registered_at later.
 */
export async function updateDirectoryUser(
  { DirectoryUser }: ForumModels,
  event: UserUpdated,
): Promise<void> {
  const at = new Date(event.occurred_at);
  try {
    await DirectoryUser.updateOne(
      { _id: new Types.ObjectId(event.user_id), updated_at: { $lt: at } },
      {
        $set: {
          avatar_url: event.avatar_url,
          updated_at: at,
          // Older producers leave it out: keep what is stored.
          ...(event.is_active === undefined ? {} : { is_active: event.is_active }),
        },
        $setOnInsert: {
          username: event.username,
          username_lower: event.username.toLowerCase(),
          registered_at: at,
        },
      },
      { upsert: true },
    );
  } catch (err) {
    // The user exists with a newer updated_at: the guard skipped it and the upsert met its _id.
    if (!isDuplicateKeyError(err)) throw err;
  }
}
