import type { Types } from 'mongoose';

/** How many documents one update command changes: a short write lock, however many match. */
export const UPDATE_BATCH = 500;

/** The part of a model updateInBatches needs. */
export interface BatchUpdatable {
  find(
    filter: Record<string, unknown>,
    projection: { _id: 1 },
  ): { limit(n: number): { lean(): PromiseLike<{ _id: Types.ObjectId }[]> } };
  updateMany(
    filter: Record<string, unknown>,
    update: Record<string, unknown>,
    options: { timestamps: false },
  ): PromiseLike<{ modifiedCount: number }>;
}

/**
 * Applies `update` to what `filter` matches, `size` documents per command. The update must take
 * a document out of `filter` (e.g. set the name the filter excludes), so each round finds only
 * what is left: a crash or a redelivery resumes where it stopped. Returns how many changed.
 */
export async function updateInBatches(
  model: BatchUpdatable,
  filter: Record<string, unknown>,
  update: Record<string, unknown>,
  size = UPDATE_BATCH,
): Promise<number> {
  let changed = 0;
  for (;;) {
    const batch = await model.find(filter, { _id: 1 }).limit(size).lean();
    if (batch.length === 0) return changed;
    const ids = batch.map((d) => d._id);
    // No updated_at: renaming an author is not an edit of the text.
    const res = await model.updateMany({ ...filter, _id: { $in: ids } }, update, {
      timestamps: false,
    });
    changed += res.modifiedCount;
    // Nothing changed: a concurrent run took these (and goes on), or the update would not move
    // them out of the filter (never loop on it).
    if (res.modifiedCount === 0) return changed;
  }
}
