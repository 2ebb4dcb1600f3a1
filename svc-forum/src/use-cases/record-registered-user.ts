import { Types } from 'mongoose';
import type { EventOf, Subjects } from '@forum/contracts';
import type { ForumModels } from '../models/index.js';

type UserRegistered = EventOf<typeof Subjects.UserRegistered>;

/** Upsert keyed by user id: replaying it changes nothing. */
export async function recordRegisteredUser(
  { DirectoryUser }: ForumModels,
  event: UserRegistered,
): Promise<void> {
  await DirectoryUser.updateOne(
    { _id: new Types.ObjectId(event.user_id) },
    {
      $setOnInsert: {
        username: event.username,
        username_lower: event.username.toLowerCase(),
        avatar_url: event.avatar_url,
        is_active: true,
        updated_at: new Date(event.occurred_at),
      },
      // The real date, also when identity.user.updated (or a first request) added the user first.
      $min: { registered_at: new Date(event.created_at) },
    },
    { upsert: true },
  );
}
