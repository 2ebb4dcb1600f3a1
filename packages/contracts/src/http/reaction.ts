import { z } from '../zod.js';
import { ReactionCounts, ReactionType } from './reaction-kinds.js';

export * from './reaction-kinds.js';

/** POST /api/posts/{id}/reactions: the same kind again removes it, another replaces it. */
export const ReactBody = z.object({ reaction_type: ReactionType });
export type ReactBody = z.infer<typeof ReactBody>;

/** GET/POST/DELETE /api/posts/{id}/reactions (spec §3 reactions per post). */
export const ReactionsResponse = ReactionCounts.extend({
  total_reactions: z.number().int().nonnegative(),
  user_reaction: ReactionType.nullable(),
});
export type ReactionsResponse = z.infer<typeof ReactionsResponse>;
