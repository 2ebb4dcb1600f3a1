import type { Types } from 'mongoose';
import type { ReactionType } from '@forum/contracts';
import { toObjectId, type AuthUser, readLean } from '@forum/service-kit';
import type { ForumModels } from '../../models/index.js';
import { mayHoldReactions, mayHoldVotes } from '../../domain/caller-counters.js';

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

/** Posts as a list reads them: their ids and the counters that say who may have voted or reacted. */
export type CountedPost = { _id: Types.ObjectId } & Parameters<typeof mayHoldVotes>[0] &
  Parameters<typeof mayHoldReactions>[0];

/**
 * A list's state: the caller's votes read only for posts someone voted on, reactions only for
 * posts with reactions (domain/caller-counters.ts), each kind's query skipped when none has any.
 */
export const loadListCallerState = (
  models: ForumModels,
  user: AuthUser | undefined,
  posts: CountedPost[],
): Promise<CallerState> =>
  loadCallerState(
    models,
    user,
    posts.map((p) => p._id),
    {
      votes: posts.filter(mayHoldVotes).map((p) => p._id),
      reactions: posts.filter(mayHoldReactions).map((p) => p._id),
    },
  );

const read = <T>(
  model: Parameters<typeof readLean>[0],
  userId: Types.ObjectId,
  ids: Types.ObjectId[],
  projection: Record<string, 1>,
): Promise<T[]> =>
  ids.length === 0
    ? Promise.resolve([])
    : readLean<T>(model, { user_id: userId, post_id: { $in: ids } }, { projection });

/**
 * One query per kind for the whole page (never one per post), each served by the unique
 * (user_id, post_id) index. Visitors get the empty state without a query. `only` narrows the
 * votes' and reactions' reads to the posts that may hold them (loadListCallerState).
 */
export async function loadCallerState(
  { PostVote, PostSave, PostReaction }: ForumModels,
  user: AuthUser | undefined,
  postIds: Types.ObjectId[],
  only: { votes?: Types.ObjectId[]; reactions?: Types.ObjectId[] } = {},
): Promise<CallerState> {
  const state = emptyCallerState();
  if (!user || postIds.length === 0) return state;
  const userId = toObjectId(user.id);
  type Row = { post_id: Types.ObjectId };
  const [votes, saves, reactions] = await Promise.all([
    read<Row & { vote_type: 1 | -1 }>(PostVote, userId, only.votes ?? postIds, {
      post_id: 1,
      vote_type: 1,
    }),
    read<Row>(PostSave, userId, postIds, { post_id: 1 }),
    read<Row & { reaction_type: ReactionType }>(PostReaction, userId, only.reactions ?? postIds, {
      post_id: 1,
      reaction_type: 1,
    }),
  ]);
  for (const v of votes) state.votes.set(v.post_id.toHexString(), v.vote_type);
  for (const s of saves) state.saves.add(s.post_id.toHexString());
  for (const r of reactions) state.reactions.set(r.post_id.toHexString(), r.reaction_type);
  return state;
}
