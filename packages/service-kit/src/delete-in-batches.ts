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
 * Deletes what `filter` matches, `size` documents per command, calling `beat` after each (a long
 * cascade's consumer keeps its message in progress with it): many small writes, never one huge
 * one, and a crash loses at most the batch in flight (running it again finds what is left). The
 * delete repeats the filter, so it names the shard key whenever the filter does.
 */
export async function deleteInBatches(
  model: BatchDeletable,
  filter: Record<string, unknown>,
  { beat, size = DELETE_BATCH }: { beat?: () => Promise<void>; size?: number } = {},
): Promise<void> {
  for (;;) {
    const batch = await model.find(filter, { _id: 1 }).limit(size).lean();
    if (batch.length === 0) return;
    await model.deleteMany({ ...filter, _id: { $in: batch.map((d) => d._id) } });
    await beat?.();
    if (batch.length < size) return;
  }
}
