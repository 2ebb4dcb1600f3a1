import type { Types } from 'mongoose';
import type { ForumDeps } from '../../deps.js';
import type { ModeratorDoc } from '../../models/moderator.js';

/** A seat on the team with the holder's current avatar (from the user directory). */
export interface TeamSeat {
  seat: ModeratorDoc;
  avatarUrl: string | null;
}

/** The avatars of these seats' holders: one query for the whole team. */
export async function withAvatars(
  { DirectoryUser }: ForumDeps['models'],
  seats: ModeratorDoc[],
): Promise<TeamSeat[]> {
  const users = seats.length
    ? await DirectoryUser.find(
        { _id: { $in: seats.map((s) => s.user_id) } },
        { avatar_url: 1 },
      ).lean()
    : [];
  const avatars = new Map(users.map((u) => [u._id.toHexString(), u.avatar_url ?? null]));
  return seats.map((seat) => ({
    seat,
    avatarUrl: avatars.get(seat.user_id.toHexString()) ?? null,
  }));
}

/** The team, owner first ('owner' sorts after 'moderator': descending), then by seniority. */
export async function loadTeam(
  models: ForumDeps['models'],
  communityId: Types.ObjectId,
): Promise<TeamSeat[]> {
  const seats = await models.Moderator.find({ community_id: communityId })
    .sort({ role: -1, since: 1, _id: 1 })
    .lean<ModeratorDoc[]>();
  return withAvatars(models, seats);
}
