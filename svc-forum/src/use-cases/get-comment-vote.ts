import type { VoteResponse } from '@forum/contracts';
import type { AuthUser } from '@forum/service-kit';
import type { ForumModels } from '../models/index.js';
import { oid } from '../http/ids.js';
import { findVisibleComment } from './shared/find-comment.js';

/** Visitors have no vote. */
export async function getCommentVote(
  models: ForumModels,
  user: AuthUser | undefined,
  id: string,
): Promise<VoteResponse> {
  const comment = await findVisibleComment(models, id, user);
  if (!user) return { vote: { vote_type: null } };
  const vote = await models.CommentVote.findOne(
    { user_id: oid(user.id), comment_id: comment._id },
    { vote_type: 1 },
  ).lean();
  return { vote: { vote_type: vote?.vote_type ?? null } };
}
