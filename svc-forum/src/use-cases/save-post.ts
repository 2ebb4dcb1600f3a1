import { isDuplicateKeyError, type AuthUser, toObjectId } from '@forum/service-kit';
import type { ForumModels } from '../models/index.js';
import { findVisiblePost } from './shared/find-post.js';

/** Idempotent upsert on the unique (user, post) pair; the first save's time is kept. */
export async function savePost(models: ForumModels, user: AuthUser, id: string): Promise<void> {
  const post = await findVisiblePost(models, id, user);
  await models.PostSave.updateOne(
    { user_id: toObjectId(user.id), post_id: post._id },
    { $setOnInsert: { created_at: new Date() } },
    { upsert: true },
  ).catch((err: unknown) => {
    // A concurrent save of the same pair won the insert: already saved.
    if (!isDuplicateKeyError(err)) throw err;
  });
}
