import { Types } from 'mongoose';
import type { EventOf, Subjects } from '@forum/contracts';
import type { ForumModels } from '../models/index.js';

type UserUpdated = EventOf<typeof Subjects.UserUpdated>;

/** Apply a profile change; an event older than the stored state is ignored. */
export async function updateDirectoryUser(
  { DirectoryUser }: ForumModels,
  event: UserUpdated,
): Promise<void> {
  const at = new Date(event.occurred_at);
  await DirectoryUser.updateOne(
    { _id: new Types.ObjectId(event.user_id), updated_at: { $lt: at } },
    { $set: { avatar_url: event.avatar_url, updated_at: at } },
  );
}
