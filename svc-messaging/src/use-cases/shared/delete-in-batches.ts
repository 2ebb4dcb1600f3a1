import type { Types } from 'mongoose';

/** Documents per delete command: small writes however much a user left behind. */
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
 * Deletes what `filter` matches, `size` documents per command. The delete repeats the filter, so
 * it names the shard key when the filter does. A crash loses at most the batch in flight:
 * running it again finds what is left.
 */
export async function deleteInBatches(
  model: BatchDeletable,
  filter: Record<string, unknown>,
  size = DELETE_BATCH,
): Promise<void> {
  for (;;) {
    const batch = await model.find(filter, { _id: 1 }).limit(size).lean();
    if (batch.length === 0) return;
    await model.deleteMany({ ...filter, _id: { $in: batch.map((d) => d._id) } });
    if (batch.length < size) return;
  }
}
