import { inTransaction } from '@forum/service-kit';
import type { ForumDeps } from '../../deps.js';
import type { CommentDoc } from '../../models/comment.js';
import { authoredComments } from '../../domain/account-queries.js';
import { removeComment } from '../delete-comment.js';
import type { DeletedUser } from './deleted-user.js';

/** Comments read per round; each is then deleted in its own short transaction. */
const COMMENTS_PER_ROUND = 200;

/**
 * delete_content: every comment of the user goes as by the author's DELETE (delete-comment's
 * own transaction: votes, saves, the parent's reply_count, the post's counters; with replies it
 * stays as a '[deleted]' placeholder without author). Each one leaves the author's rows either
 * way, so each round reads only what is left: 10,000 comments are 10,000 short transactions,
 * never one long hold on the database, and a redelivery after a crash carries on. Comments
 * under a post or community being deleted go the same way (that cascade would take them too).
 */
export async function deleteAuthoredComments(
  { models, conn }: Pick<ForumDeps, 'models' | 'conn'>,
  user: DeletedUser,
): Promise<number> {
  const seen = new Set<string>();
  for (;;) {
    const comments = await models.Comment.find(authoredComments(user._id))
      .limit(COMMENTS_PER_ROUND)
      .lean<CommentDoc[]>();
    const fresh = comments.filter((c) => !seen.has(c._id.toHexString()));
    // Nothing left, or only rows a delete did not take out (never loop on them).
    if (fresh.length === 0) return seen.size;
    for (const comment of fresh) {
      await inTransaction(conn, () => removeComment(models, comment));
      seen.add(comment._id.toHexString());
    }
  }
}
