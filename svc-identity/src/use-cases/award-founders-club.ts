import type { Types } from 'mongoose';
import type { IdentityDeps } from '../deps.js';
import { awardBadge } from './award-badge.js';

const SIGNUP_SEQUENCE = 'signups';

/**
 * Signup order comes from an atomic counter, so exactly FOUNDERS_CLUB_LIMIT accounts qualify even
 * when registrations race.
 */
export async function awardFoundersClub(deps: IdentityDeps, userId: Types.ObjectId): Promise<void> {
  const limit = deps.config.FOUNDERS_CLUB_LIMIT;
  if (limit <= 0) return;
  const counter = await deps.models.Counter.findOneAndUpdate(
    { _id: SIGNUP_SEQUENCE },
    { $inc: { seq: 1 } },
    { upsert: true, returnDocument: 'after', lean: true },
  );
  if (counter && counter.seq <= limit) await awardBadge(deps, userId, 'founders_club');
}
