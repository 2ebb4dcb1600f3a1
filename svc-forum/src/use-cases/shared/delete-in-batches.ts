import type { Types } from 'mongoose';

/** How many documents one delete command removes: small writes, however big the cascade. */
export const DELETE_BATCH = 1000;

/** The part of a model deleteInBatches needs. */
export interface BatchDeletable {
  find(
    filter: Record<string, unknown>,
    projection: { _id: 1 },
  ): { limit(n: number): { lean(): PromiseLike<{ _id: Types.ObjectId }[]> } };
  deleteMany(filter: Record<string, unknown>): PromiseLike<unknown>;
}

/**
 * Deletes what `filter` matches, `size` documents per command, calling `beat` after each: a
 * cascade under a 100,000-post community is many small writes, never one huge one, and a crash
 * loses at most the batch in flight (running it again finds what is left).
 */
export async function deleteInBatches(
  model: BatchDeletable,
  filter: Record<string, unknown>,
  beat: () => Promise<void>,
  size = DELETE_BATCH,
): Promise<void> {
  for (;;) {
    const batch = await model.find(filter, { _id: 1 }).limit(size).lean();
    if (batch.length === 0) return;
    await model.deleteMany({ _id: { $in: batch.map((d) => d._id) } });
    await beat();
  }
}
