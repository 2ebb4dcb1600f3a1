import type { ClientSession, Types } from 'mongoose';
import type { IdentityDeps } from '../deps.js';
import { awardBadge } from './award-badge.js';

const SIGNUP_SEQUENCE = 'signups';

/**
 * Signup order comes from an atomic counter in the registration's transaction, so exactly
 * FOUNDERS_CLUB_LIMIT accounts qualify even when registrations race or fail. Once the club is
 * full the counter is only read: registrations stop contending for that one document.
 */
export async function awardFoundersClub(
  deps: IdentityDeps,
  session: ClientSession,
  userId: Types.ObjectId,
): Promise<void> {
  const limit = deps.config.FOUNDERS_CLUB_LIMIT;
  const { Counter } = deps.models;
  if (limit <= 0) return;
  const seen = await Counter.findById(SIGNUP_SEQUENCE, { seq: 1 }).lean();
  if (seen && seen.seq >= limit) return;
  const counter = await Counter.findOneAndUpdate(
    { _id: SIGNUP_SEQUENCE },
    { $inc: { seq: 1 } },
    { upsert: true, returnDocument: 'after', lean: true },
  );
  if (counter && counter.seq <= limit) await awardBadge(deps, session, userId, 'founders_club');
}
