import { Types } from 'mongoose';
import type { IdentityModels } from '../models/index.js';

/** How many recent vote event ids a user document remembers. */
export const SCORE_EVENTS_KEPT = 200;

/**
 * Moves the content author's total_score by the vote's delta. The event id is recorded in the
 * same single-document update that applies it, so a replay (even one the processed-events guard
 * missed after a crash) cannot count twice.
 */
export async function applyVoteScore(
  { User }: Pick<IdentityModels, 'User'>,
  { eventId, authorId, delta }: { eventId: string; authorId: string; delta: number },
): Promise<boolean> {
  if (delta === 0) return false;
  const result = await User.updateOne(
    { _id: new Types.ObjectId(authorId), score_event_ids: { $ne: eventId } },
    {
      $inc: { total_score: delta },
      $push: { score_event_ids: { $each: [eventId], $slice: -SCORE_EVENTS_KEPT } },
    },
  );
  return result.modifiedCount === 1;
}
