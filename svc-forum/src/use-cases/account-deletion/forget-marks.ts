import { deleteInBatches, forgetUserBlocks } from '@forum/service-kit';
import type { ForumModels } from '../../models/index.js';
import { byUser } from '../../domain/account-queries.js';
import type { DeletedUser } from './deleted-user.js';

/**
 * The user's own marks that point at nobody else's content: saved posts and comments, post
 * subscriptions, and the blocks replica rows where the user blocks or is blocked; each in
 * batches on a user_id-first index. Votes and reactions stay: they carry only an id, and the
 * scores they are counted in stay consistent.
 */
export async function forgetMarks(
  models: Pick<ForumModels, 'PostSave' | 'CommentSave' | 'PostSubscription' | 'Block'>,
  user: DeletedUser,
): Promise<{ blocks: number }> {
  for (const model of [models.PostSave, models.CommentSave, models.PostSubscription]) {
    await deleteInBatches(model, byUser(user._id));
  }
  return { blocks: await forgetUserBlocks(models.Block, user._id.toHexString()) };
}
