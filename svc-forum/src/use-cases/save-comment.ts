import { isDuplicateKeyError, type AuthUser, toObjectId } from '@forum/service-kit';
import type { ForumModels } from '../models/index.js';
import { findLiveComment } from './shared/find-comment.js';

/** Idempotent upsert on the unique (user, comment) pair; the first save's time is kept. */
export async function saveComment(models: ForumModels, user: AuthUser, id: string): Promise<void> {
  const comment = await findLiveComment(models, id);
  await models.CommentSave.updateOne(
    { user_id: toObjectId(user.id), comment_id: comment._id },
    { $setOnInsert: { post_id: comment.post_id, created_at: new Date() } },
    { upsert: true },
  ).catch((err: unknown) => {
    // A concurrent save of the same pair won the insert: already saved.
    if (!isDuplicateKeyError(err)) throw err;
  });
}
