import { REACTION_TYPES, type ReactionCounts, type ReactionsResponse } from '@forum/contracts';
import type { PostReactions } from '../use-cases/shared/post-reactions.js';

/** Counters as stored (missing kinds count 0, never below 0). */
export function reactionCounts(stored: Partial<ReactionCounts> | undefined): ReactionCounts {
  const counts = {} as ReactionCounts;
  for (const kind of REACTION_TYPES) counts[kind] = Math.max(stored?.[kind] ?? 0, 0);
  return counts;
}

export const totalReactions = (counts: ReactionCounts) =>
  REACTION_TYPES.reduce((sum, kind) => sum + counts[kind], 0);

/** A post's reaction counts, their total and the caller's own reaction. */
export function presentReactions({ counts: stored, mine }: PostReactions): ReactionsResponse {
  const counts = reactionCounts(stored);
  return { ...counts, total_reactions: totalReactions(counts), user_reaction: mine };
}
