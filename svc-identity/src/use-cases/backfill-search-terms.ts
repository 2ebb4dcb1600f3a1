import type { Types } from 'mongoose';
import { termsOf } from '@forum/search-text';
import type { IdentityDeps } from '../deps.js';

const BATCH = 500;

interface Unsearchable {
  _id: Types.ObjectId;
  username: string;
}

/**
 * Start-up, idempotent: users registered before search, or by an older instance during a rolling
 * upgrade, get their username's search_terms (what the word search requires). Batches in _id
 * order over the (search_terms, _id) index, so every user is read once however the writes go;
 * once none is left, a start-up costs one indexed read that finds nothing. Answers how many
 * users were given terms.
 */
export async function backfillSearchTerms({
  models: { User },
}: Pick<IdentityDeps, 'models'>): Promise<number> {
  let backfilled = 0;
  let after: Types.ObjectId | null = null;
  for (;;) {
    const batch: Unsearchable[] = await User.find(
      { search_terms: null, ...(after ? { _id: { $gt: after } } : {}) },
      { username: 1 },
    )
      .sort({ _id: 1 })
      .limit(BATCH)
      .lean<Unsearchable[]>();
    if (batch.length === 0) return backfilled;
    const { modifiedCount } = await User.bulkWrite(
      batch.map((user) => ({
        updateOne: {
          // Still without: another instance starting at the same time may have been first.
          filter: { _id: user._id, search_terms: null },
          update: { $set: { search_terms: termsOf(user.username) } },
        },
      })),
      { ordered: false },
    );
    backfilled += modifiedCount;
    after = batch[batch.length - 1]!._id;
  }
}
