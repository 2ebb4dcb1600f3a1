import type { Types } from 'mongoose';

/** How many documents one update command changes: a short write lock, however many match. */
export const UPDATE_BATCH = 500;

/** The part of a model updateInBatches needs. */
export interface BatchUpdatable {
  find(
    filter: Record<string, unknown>,
    projection: { _id: 1 },
  ): { batchSize(n: number): { lean(): { cursor(): AsyncIterable<{ _id: Types.ObjectId }> } } };
  updateMany(
    filter: Record<string, unknown>,
    update: Record<string, unknown>,
    options: { timestamps: false },
  ): PromiseLike<{ modifiedCount: number }>;
}

/**
 * Applies `update` to what `filter` matches, `size` documents per command, in one pass of a
 * cursor over the filter's index (a round that re-read the range would walk the rows already
 * done again: 10,000 comments cost 95 s that way on the dev DB). The update must not change the
 * index's own keys (a name, not an author id). A crash or a redelivery runs the pass again:
 * the filter leaves out what is done. Returns how many changed.
 */
export async function updateInBatches(
  model: BatchUpdatable,
  filter: Record<string, unknown>,
  update: Record<string, unknown>,
  size = UPDATE_BATCH,
): Promise<number> {
  let changed = 0;
  let ids: Types.ObjectId[] = [];
  const flush = async () => {
    if (ids.length === 0) return;
    // By _id alone (the pass just read them): the narrowest plan. No updated_at: renaming an
    // author is not an edit of the text.
    const res = await model.updateMany({ _id: { $in: ids } }, update, {
      timestamps: false,
    });
    changed += res.modifiedCount;
    ids = [];
  };
  for await (const { _id } of model.find(filter, { _id: 1 }).batchSize(size).lean().cursor()) {
    ids.push(_id);
    if (ids.length >= size) await flush();
  }
  await flush();
  return changed;
}
