import { Types } from 'mongoose';
import type { ForumModels } from '../models/index.js';

/**
 * Whether the user directory replica lets this user act: false only once identity.user.updated
 * said is_active: false. A user the directory does not know (yet) counts as active: identity
 * minted the token, and it refuses deactivated accounts itself.
 */
export async function checkUserActive(
  { DirectoryUser }: ForumModels,
  userId: string,
): Promise<boolean> {
  if (!Types.ObjectId.isValid(userId)) return true;
  const user = await DirectoryUser.findById(userId, { is_active: 1 }).lean();
  return user?.is_active !== false;
}
