import { DELETED_AUTHOR } from '@forum/contracts';
import type { ForumModels } from '../../models/index.js';
import { authoredComments, authoredPosts, notYetAnonymous } from '../../domain/account-queries.js';
import { updateInBatches } from '../shared/update-in-batches.js';
import type { DeletedUser } from './deleted-user.js';

/**
 * Every post and comment the user leaves behind shows the author '[deleted]', in batches on the
 * author indexes (each round takes what still shows the name, so it resumes after a crash).
 * author_id stays stored: the author indexes, the blocks rule and this resume read it; the
 * presenters send a comment's as null (a post's contract requires an id).
 */
export async function anonymiseAuthored(
  { Post, Comment }: Pick<ForumModels, 'Post' | 'Comment'>,
  user: DeletedUser,
): Promise<{ posts: number; comments: number }> {
  const rename = { $set: { author_username: DELETED_AUTHOR } };
  const posts = await updateInBatches(
    Post,
    { ...authoredPosts(user._id), ...notYetAnonymous },
    rename,
  );
  const comments = await updateInBatches(
    Comment,
    { ...authoredComments(user._id), ...notYetAnonymous },
    rename,
  );
  return { posts, comments };
}
