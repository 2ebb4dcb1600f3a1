import { z } from '../zod.js';

/** Spec §9 reaction kinds. */
export const REACTION_TYPES = ['heart', 'laugh', 'sad', 'wow', 'rocket'] as const;
export const ReactionType = z.enum(REACTION_TYPES, {
  error: `reaction_type must be one of ${REACTION_TYPES.join(', ')}`,
});
export type ReactionType = z.infer<typeof ReactionType>;

export const ReactionCounts = z.object({
  heart: z.number().int().nonnegative(),
  laugh: z.number().int().nonnegative(),
  sad: z.number().int().nonnegative(),
  wow: z.number().int().nonnegative(),
  rocket: z.number().int().nonnegative(),
});
export type ReactionCounts = z.infer<typeof ReactionCounts>;
