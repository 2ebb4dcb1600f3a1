import type { ForumDeps } from '../deps.js';
import type { DeletionDoc } from '../models/deletion.js';
import { finishDeletion } from './shared/finish-deletion.js';

/**
 * Finishes deletes that stopped moving (no batch for `stalledForMs`: their process died, or the
 * caller went away after a crash and never retried). Each is claimed by moving its heartbeat
 * from the value read, so of several sweepers one takes it. Resolves to how many it finished.
 */
export async function resumeDeletions(
  deps: Pick<ForumDeps, 'models' | 'media'>,
  { stalledForMs }: { stalledForMs: number },
): Promise<number> {
  const { Deletion } = deps.models;
  const stalled = await Deletion.find({
    heartbeat_at: { $lte: new Date(Date.now() - stalledForMs) },
  }).lean<DeletionDoc[]>();
  let finished = 0;
  for (const deletion of stalled) {
    const claimed = await Deletion.findOneAndUpdate(
      { _id: deletion._id, heartbeat_at: deletion.heartbeat_at },
      { $set: { heartbeat_at: new Date() } },
      { returnDocument: 'after' },
    ).lean<DeletionDoc>();
    if (!claimed) continue;
    await finishDeletion(deps, claimed);
    finished++;
  }
  return finished;
}
