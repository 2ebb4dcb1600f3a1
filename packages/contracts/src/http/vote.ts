import { z } from '../zod.js';

/** POST /api/posts/{id}/vote (spec §4 vote state machine). */
export const VoteBody = z.object({
  vote_type: z.union([z.literal(1), z.literal(-1)], { error: 'vote_type must be 1 or -1' }),
});
export type VoteBody = z.infer<typeof VoteBody>;

export const VoteState = z.object({ vote_type: z.union([z.literal(1), z.literal(-1)]).nullable() });

/** GET /api/posts/{id}/vote: null when the caller has not voted. */
export const VoteResponse = z.object({ vote: VoteState });
export type VoteResponse = z.infer<typeof VoteResponse>;

/** The vote after the transition and the post's new counters. */
export const CastVoteResponse = z.object({
  vote: VoteState,
  score: z.number().int(),
  upvotes: z.number().int().nonnegative(),
  downvotes: z.number().int().nonnegative(),
});
export type CastVoteResponse = z.infer<typeof CastVoteResponse>;
