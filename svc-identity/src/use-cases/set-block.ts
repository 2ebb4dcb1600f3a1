import { Types } from 'mongoose';
import { BlockTexts } from '@forum/contracts';
import { HttpError, inTransaction, isDuplicateKeyError } from '@forum/service-kit';
import type { IdentityDeps } from '../deps.js';
import { publishBlockChanged } from '../events/block-events.js';
import { findBlockTarget } from './find-block-target.js';

/**
 * PUT (blocked true) and DELETE (false) /api/blocks/{username}: both idempotent, so a call that
 * changes nothing writes nothing and publishes nothing. A change bumps the pair's version and
 * stores identity.block.changed in the same transaction. Nothing tells the blocked user.
 */
export async function setBlock(
  deps: IdentityDeps,
  { blockerId, username, blocked }: { blockerId: string; username: string; blocked: boolean },
): Promise<{ blocked: boolean }> {
  const target = await findBlockTarget(deps, username);
  const blocker_id = new Types.ObjectId(blockerId);
  const blocked_id = target._id;
  if (blocker_id.equals(blocked_id)) {
    // Nobody can be blocked by themself, so unblocking oneself has nothing to undo.
    if (blocked) throw new HttpError(400, BlockTexts.cannotBlockSelf);
    return { blocked: false };
  }
  const { Block } = deps.models;
  const change = () =>
    inTransaction(deps.conn, async (session) => {
      const existing = await Block.findOne({ blocker_id, blocked_id }).lean();
      if ((existing?.blocked ?? false) === blocked) return;
      const now = deps.now();
      const next = {
        blocker_id,
        blocked_id,
        blocked,
        version: (existing?.version ?? 0) + 1,
        changed_at: now,
        // The list's date: when the current block began.
        created_at: blocked ? now : (existing?.created_at ?? now),
      };
      if (existing) {
        await Block.updateOne({ _id: existing._id, version: existing.version }, { $set: next });
      } else {
        await Block.create(next);
      }
      await publishBlockChanged(deps, session, next);
    });
  try {
    await change();
  } catch (err) {
    // Two first blocks of one pair at once: one inserts, the other finds it blocked on a retry.
    if (!isDuplicateKeyError(err)) throw err;
    await change();
  }
  return { blocked };
}
