import type { ReactionType } from '@forum/contracts';

/** Spec §9 reaction kinds, with what the picker shows. */
export const REACTIONS: ReadonlyArray<{ type: ReactionType; emoji: string; label: string }> = [
  { type: 'heart', emoji: '❤️', label: 'Heart' },
  { type: 'laugh', emoji: '😂', label: 'Laugh' },
  { type: 'sad', emoji: '😢', label: 'Sad' },
  { type: 'wow', emoji: '😮', label: 'Wow' },
  { type: 'rocket', emoji: '🚀', label: 'Rocket' },
];

export type VoteValue = 1 | -1 | null;

export interface VoteState {
  user_vote: VoteValue;
  score: number;
  upvotes: number;
  downvotes: number;
}

/** The vote fields of a post or comment. */
export function voteOf(p: {
  user_vote?: 1 | -1 | null | undefined;
  score: number;
  upvotes: number;
  downvotes: number;
}): VoteState {
  return {
    user_vote: p.user_vote ?? null,
    score: p.score,
    upvotes: p.upvotes,
    downvotes: p.downvotes,
  };
}

/**
 * Spec §4: repeating the same vote removes it, the opposite switches it; the score moves by 1,
 * or by 2 on a switch.
 */
export function applyVote(state: VoteState, vote: 1 | -1): VoteState {
  const { user_vote } = state;
  let { upvotes, downvotes } = state;
  if (user_vote === 1) upvotes -= 1;
  if (user_vote === -1) downvotes -= 1;
  const next: VoteValue = user_vote === vote ? null : vote;
  if (next === 1) upvotes += 1;
  if (next === -1) downvotes += 1;
  const delta = (next ?? 0) - (user_vote ?? 0);
  return {
    user_vote: next,
    score: state.score + delta,
    upvotes: Math.max(0, upvotes),
    downvotes: Math.max(0, downvotes),
  };
}

export type ReactionCounts = Record<ReactionType, number>;

export interface ReactionState {
  reactions: ReactionCounts;
  user_reaction: ReactionType | null;
  total_reactions: number;
}

export const EMPTY_REACTIONS: ReactionCounts = { heart: 0, laugh: 0, sad: 0, wow: 0, rocket: 0 };

/** Spec §4: the same reaction again removes it; a different one replaces it. */
export function applyReaction(state: ReactionState, kind: ReactionType): ReactionState {
  const reactions = { ...state.reactions };
  let total = state.total_reactions;
  const current = state.user_reaction;
  if (current) {
    reactions[current] = Math.max(0, reactions[current] - 1);
    total = Math.max(0, total - 1);
  }
  if (current === kind) return { reactions, user_reaction: null, total_reactions: total };
  reactions[kind] += 1;
  return { reactions, user_reaction: kind, total_reactions: total + 1 };
}

/** Spec §9 badges: max 6 shown, newest first, the rest as "+N". */
export function visibleBadges<T extends { earned_at: string }>(
  badges: T[],
  max = 6,
): { shown: T[]; overflow: number } {
  const sorted = [...badges].sort((a, b) => Date.parse(b.earned_at) - Date.parse(a.earned_at));
  return { shown: sorted.slice(0, max), overflow: Math.max(0, sorted.length - max) };
}

/** Spec §5 image checks. */
export const IMAGE_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/gif', 'image/webp'];
export const INVALID_IMAGE_TYPE =
  'Invalid file type. Only JPEG, PNG, GIF, and WebP images are allowed.';
export const POST_IMAGE_MAX = 10 * 1024 * 1024;
export const LOGO_AVATAR_MAX = 2 * 1024 * 1024;

export function imageFileError(
  file: { type: string; size: number; name?: string },
  maxBytes: number,
): string | null {
  const type = file.type.toLowerCase();
  const byExt = /\.(jpe?g|png|gif|webp)$/i.test(file.name ?? '');
  if (!(IMAGE_TYPES.includes(type) || (!type && byExt))) return INVALID_IMAGE_TYPE;
  if (file.size > maxBytes) {
    return `File size too large. Maximum size is ${Math.round(maxBytes / 1024 / 1024)}MB.`;
  }
  return null;
}

/** Spec §4 delete confirmation phrase. */
export function deletePhrase(name: string): string {
  return `delete c/${name}`;
}
