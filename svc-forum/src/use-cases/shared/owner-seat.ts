import { toObjectId, type AuthUser } from '@forum/service-kit';
import type { Types } from 'mongoose';
import type { ForumModels } from '../../models/index.js';

/** Does the user hold the community's owner seat (whatever else they are, the admin too)? */
export async function holdsOwnerSeat(
  { Moderator }: Pick<ForumModels, 'Moderator'>,
  communityId: Types.ObjectId,
  user: AuthUser,
): Promise<boolean> {
  const seat = await Moderator.exists({
    community_id: communityId,
    user_id: toObjectId(user.id),
    role: 'owner',
  });
  return seat !== null;
}
