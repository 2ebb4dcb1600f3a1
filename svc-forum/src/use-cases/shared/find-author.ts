import { USER_NOT_FOUND } from '@forum/contracts';
import { notFound } from '@forum/service-kit';
import type { Types } from 'mongoose';
import type { ForumModels } from '../../models/index.js';

/**
 * A profile's author by username (any case), through the user directory; 404 'User not found',
 * also for a deleted account (its leftovers show '[deleted]' and are nobody's profile).
 */
export async function findAuthorId(
  { DirectoryUser }: ForumModels,
  username: string,
): Promise<Types.ObjectId> {
  const author = await DirectoryUser.findOne(
    { username_lower: username.toLowerCase() },
    { _id: 1, deleted_at: 1 },
  ).lean();
  if (!author || author.deleted_at) throw notFound(USER_NOT_FOUND);
  return author._id;
}
