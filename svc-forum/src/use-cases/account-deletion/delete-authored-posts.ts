import { HttpError } from '@forum/service-kit';
import type { Types } from 'mongoose';
import type { ForumDeps } from '../../deps.js';
import { authoredPosts } from '../../domain/account-queries.js';
import { deletePost } from '../delete-post.js';
import type { DeletedUser } from './deleted-user.js';

/** Posts read per round; each is then deleted (with its cascade) as by its author. */
const POSTS_PER_ROUND = 100;

/**
 * delete_content: every post of the user goes through the author's own DELETE (counters, the
 * tombstone, the batched cascade of its comments, votes, saves, images), one after the other.
 * A post whose delete was started and cut short is resumed by it (the tombstone names the
 * author); one already going with its community's delete answers 404 and is left to that one.
 * Each round reads what is left, so a redelivery after a crash carries on. Returns the count.
 */
export async function deleteAuthoredPosts(deps: ForumDeps, user: DeletedUser): Promise<number> {
  const skipped: Types.ObjectId[] = [];
  let deleted = 0;
  for (;;) {
    const filter = {
      ...authoredPosts(user._id),
      ...(skipped.length ? { _id: { $nin: skipped } } : {}),
    };
    const posts = await deps.models.Post.find(filter, { _id: 1 }).limit(POSTS_PER_ROUND).lean();
    if (posts.length === 0) return deleted;
    for (const post of posts) {
      try {
        await deletePost(deps, user.asAuthor, post._id.toHexString());
        deleted += 1;
      } catch (err) {
        if (!(err instanceof HttpError && err.status === 404)) throw err;
        skipped.push(post._id);
      }
    }
  }
}
