import type { Types } from 'mongoose';
import { toObjectId, type AuthUser, readLean } from '@forum/service-kit';
import type { ForumModels } from '../../models/index.js';
import { loadBlockedAuthors } from './load-blocks.js';
import { mayHoldVotes } from '../../domain/caller-counters.js';

/** The caller's own vote and save per comment id (hex), and whom they blocked. */
export interface CommentCallerState {
  votes: Map<string, 1 | -1>;
  saves: Set<string>;
  /** Users (hex ids) the caller blocked: their comments show collapsed (EXTENSIONS §B1). */
  blockedAuthors: Set<string>;
}

const emptyCommentState = (): CommentCallerState => ({
  votes: new Map(),
  saves: new Set(),
  blockedAuthors: new Set(),
});

/**
 * A page's state: the caller's votes read only for the comments someone voted on
 * (domain/caller-counters.ts), and not at all when none has votes.
 */
export const loadPageCommentState = (
  models: ForumModels,
  user: AuthUser | undefined,
  comments: ({ _id: Types.ObjectId } & Parameters<typeof mayHoldVotes>[0])[],
): Promise<CommentCallerState> =>
  loadCommentState(
    models,
    user,
    comments.map((c) => c._id),
    comments.filter(mayHoldVotes).map((c) => c._id),
  );

/**
 * One query per kind for the whole page, threads included (never one per comment), each served
 * by the unique (user_id, comment_id) index, plus the caller's active blocks (one indexed read).
 * Visitors get the empty state without a query. `voted`: the comments whose votes to read (all
 * of them unless narrowed, loadPageCommentState); none, no query.
 */
export async function loadCommentState(
  models: ForumModels,
  user: AuthUser | undefined,
  commentIds: Types.ObjectId[],
  voted: Types.ObjectId[] = commentIds,
): Promise<CommentCallerState> {
  const state = emptyCommentState();
  if (!user || commentIds.length === 0) return state;
  const userId = toObjectId(user.id);
  const [votes, saves, blocked] = await Promise.all([
    voted.length === 0
      ? []
      : readLean<{ comment_id: Types.ObjectId; vote_type: 1 | -1 }>(
          models.CommentVote,
          { user_id: userId, comment_id: { $in: voted } },
          { projection: { comment_id: 1, vote_type: 1 } },
        ),
    readLean<{ comment_id: Types.ObjectId }>(
      models.CommentSave,
      { user_id: userId, comment_id: { $in: commentIds } },
      { projection: { comment_id: 1 } },
    ),
    loadBlockedAuthors(models, user),
  ]);
  for (const v of votes) state.votes.set(v.comment_id.toHexString(), v.vote_type);
  for (const s of saves) state.saves.add(s.comment_id.toHexString());
  for (const b of blocked) state.blockedAuthors.add(b.toHexString());
  return state;
}
