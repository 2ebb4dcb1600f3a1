import type { Types } from 'mongoose';
import { toObjectId, type AuthUser } from '@forum/service-kit';
import type { ForumModels } from '../../models/index.js';

/** The caller's own vote and save per comment id (hex). */
export interface CommentCallerState {
  votes: Map<string, 1 | -1>;
  saves: Set<string>;
}

const emptyCommentState = (): CommentCallerState => ({ votes: new Map(), saves: new Set() });

/**
 * One query per kind for the whole page, threads included (never one per comment), each served
 * by the unique (user_id, comment_id) index. Visitors get the empty state without a query.
 */
export async function loadCommentState(
  { CommentVote, CommentSave }: ForumModels,
  user: AuthUser | undefined,
  commentIds: Types.ObjectId[],
): Promise<CommentCallerState> {
  const state = emptyCommentState();
  if (!user || commentIds.length === 0) return state;
  const filter = { user_id: toObjectId(user.id), comment_id: { $in: commentIds } };
  const [votes, saves] = await Promise.all([
    CommentVote.find(filter, { comment_id: 1, vote_type: 1 }).lean(),
    CommentSave.find(filter, { comment_id: 1 }).lean(),
  ]);
  for (const v of votes) state.votes.set(v.comment_id.toHexString(), v.vote_type);
  for (const s of saves) state.saves.add(s.comment_id.toHexString());
  return state;
}
