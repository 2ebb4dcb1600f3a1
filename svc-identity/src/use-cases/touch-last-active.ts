import type { Types } from 'mongoose';
import type { IdentityDeps } from '../deps.js';

const INTERVAL_MS = 60_000;

/**
 * last_active moves at most once a minute per user: the filter makes the write conditional, so
 * concurrent requests do not pile up writes.
 */
export async function touchLastActive(
  { models, now }: Pick<IdentityDeps, 'models' | 'now'>,
  user: { _id: Types.ObjectId; last_active: Date | null },
): Promise<void> {
  const at = now();
  const staleBefore = new Date(at.getTime() - INTERVAL_MS);
  if (user.last_active && user.last_active > staleBefore) return;
  await models.User.updateOne(
    { _id: user._id, $or: [{ last_active: null }, { last_active: { $lt: staleBefore } }] },
    { $set: { last_active: at } },
  );
}
