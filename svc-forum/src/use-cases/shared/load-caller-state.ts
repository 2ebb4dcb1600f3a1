import type { Types } from 'mongoose';
import type { ReactionType } from '@forum/contracts';
import { toObjectId, type AuthUser, readLean } from '@forum/service-kit';
import type { ForumModels } from '../../models/index.js';

/** The caller's own vote, save and reaction per post id (hex). */
export interface CallerState {
  votes: Map<string, 1 | -1>;
  saves: Set<string>;
  reactions: Map<string, ReactionType>;
}

const emptyCallerState = (): CallerState => ({
  votes: new Map(),
  saves: new Set(),
  reactions: new Map(),
});

/**
 * One query per kind for the whole page (never one per post), each served by the unique
 * (user_id, post_id) index. Visitors get the empty state without a query.
 */
export async function loadCallerState(
  { PostVote, PostSave, PostReaction }: ForumModels,
  user: AuthUser | undefined,
  postIds: Types.ObjectId[],
): Promise<CallerState> {
  const state = emptyCallerState();
  if (!user || postIds.length === 0) return state;
  const filter = { user_id: toObjectId(user.id), post_id: { $in: postIds } };
  type Row = { post_id: Types.ObjectId };
  const [votes, saves, reactions] = await Promise.all([
    readLean<Row & { vote_type: 1 | -1 }>(PostVote, filter, {
      projection: { post_id: 1, vote_type: 1 },
    }),
    readLean<Row>(PostSave, filter, { projection: { post_id: 1 } }),
    readLean<Row & { reaction_type: ReactionType }>(PostReaction, filter, {
      projection: { post_id: 1, reaction_type: 1 },
    }),
  ]);
  for (const v of votes) state.votes.set(v.post_id.toHexString(), v.vote_type);
  for (const s of saves) state.saves.add(s.post_id.toHexString());
  for (const r of reactions) state.reactions.set(r.post_id.toHexString(), r.reaction_type);
  return state;
}
