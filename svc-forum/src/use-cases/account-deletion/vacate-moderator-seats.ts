import { inTransaction } from '@forum/service-kit';
import type { Types } from 'mongoose';
import type { ForumDeps } from '../../deps.js';
import type { ModeratorDoc } from '../../models/moderator.js';
import { byUser } from '../../domain/account-queries.js';
import type { DeletedUser } from './deleted-user.js';

export interface VacatedSeats {
  seats: number;
  /** Communities whose ownership passed to their longest-serving moderator. */
  handedOver: number;
  /** Communities left without an owner (no moderator to take it). */
  ownerless: number;
}

/**
 * The user's seats on every team go (index user_id). An owner's community passes to its
 * longest-serving remaining moderator (the team list's order: `since`, then _id), in one
 * transaction that removes the owner seat first, so the one-owner index holds at every step, as
 * in transfer-ownership. With nobody to take it, the community stays without an owner (the
 * admin manages it and may appoint one) and is marked so the start-up backfill never seats the
 * deleted creator again. No log entry: the team change is the account's, not a moderator's.
 */
export async function vacateModeratorSeats(
  { models, conn }: Pick<ForumDeps, 'models' | 'conn'>,
  user: DeletedUser,
): Promise<VacatedSeats> {
  const result: VacatedSeats = { seats: 0, handedOver: 0, ownerless: 0 };
  const seats = await models.Moderator.find(byUser(user._id)).lean<ModeratorDoc[]>();
  for (const seat of seats) {
    const outcome = await inTransaction(conn, () => vacate(models, seat));
    if (!outcome) continue;
    result.seats += 1;
    if (outcome === 'handed over') result.handedOver += 1;
    if (outcome === 'ownerless') result.ownerless += 1;
  }
  return result;
}

type Outcome = 'left' | 'handed over' | 'ownerless' | null;

async function vacate(models: ForumDeps['models'], seat: ModeratorDoc): Promise<Outcome> {
  const { Moderator, Membership, Community } = models;
  const { deletedCount } = await Moderator.deleteOne({ _id: seat._id });
  if (deletedCount === 0) return null;
  await Membership.updateOne(
    { user_id: seat.user_id, community_id: seat.community_id },
    { $set: { is_moderator: false } },
  );
  if (seat.role !== 'owner') return 'left';
  const successor = await longestServing(models, seat.community_id);
  if (successor) {
    await Moderator.updateOne({ _id: successor._id }, { $set: { role: 'owner' } });
    return 'handed over';
  }
  await Community.updateOne(
    { _id: seat.community_id },
    { $set: { owner_vacated_at: new Date() } },
    { timestamps: false },
  );
  return 'ownerless';
}

/** The team list's first moderator: the team index (community_id, role, since, _id). */
const longestServing = ({ Moderator }: ForumDeps['models'], communityId: Types.ObjectId) =>
  Moderator.findOne({ community_id: communityId, role: 'moderator' }, { _id: 1 })
    .sort({ role: -1, since: 1, _id: 1 })
    .lean();
