import { describe, expect, it } from 'vitest';
import {
  EMPTY_REACTIONS,
  applyReaction,
  applyVote,
  deletePhrase,
  imageFileError,
  visibleBadges,
} from './state';

describe('applyVote (spec §4)', () => {
  const none = { user_vote: null, score: 5, upvotes: 6, downvotes: 1 } as const;
  it('adds a vote (score +1 / -1)', () => {
    expect(applyVote(none, 1)).toEqual({ user_vote: 1, score: 6, upvotes: 7, downvotes: 1 });
    expect(applyVote(none, -1)).toEqual({ user_vote: -1, score: 4, upvotes: 6, downvotes: 2 });
  });
  it('removes a repeated vote', () => {
    const up = applyVote(none, 1);
    expect(applyVote(up, 1)).toEqual(none);
  });
  it('switches with a change of 2', () => {
    const up = applyVote(none, 1);
    expect(applyVote(up, -1)).toEqual({ user_vote: -1, score: 4, upvotes: 6, downvotes: 2 });
  });
});

describe('applyReaction (spec §4)', () => {
  const start = {
    reactions: { ...EMPTY_REACTIONS, heart: 2 },
    user_reaction: null,
    total_reactions: 2,
  };
  it('adds, replaces and removes', () => {
    const a = applyReaction(start, 'rocket');
    expect(a).toEqual({
      reactions: { ...EMPTY_REACTIONS, heart: 2, rocket: 1 },
      user_reaction: 'rocket',
      total_reactions: 3,
    });
    const b = applyReaction(a, 'heart');
    expect(b).toEqual({
      reactions: { ...EMPTY_REACTIONS, heart: 3 },
      user_reaction: 'heart',
      total_reactions: 3,
    });
    expect(applyReaction(b, 'heart')).toEqual(start);
  });
});

describe('visibleBadges', () => {
  it('shows 6 newest first and counts the rest', () => {
    const badges = Array.from({ length: 8 }, (_, i) => ({
      id: String(i),
      earned_at: new Date(Date.UTC(2026, 0, i + 1)).toISOString(),
    }));
    const { shown, overflow } = visibleBadges(badges);
    expect(shown.map((b) => b.id)).toEqual(['7', '6', '5', '4', '3', '2']);
    expect(overflow).toBe(2);
    expect(visibleBadges(badges.slice(0, 3)).overflow).toBe(0);
  });
});

describe('imageFileError (spec §5)', () => {
  const MB = 1024 * 1024;
  it('accepts JPEG, PNG, GIF and WebP within the limit', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/gif', 'image/webp']) {
      expect(imageFileError({ type, size: MB }, 10 * MB)).toBeNull();
    }
  });
  it('refuses other types', () => {
    expect(imageFileError({ type: 'image/svg+xml', size: 10 }, 10 * MB)).toBe(
      'Invalid file type. Only JPEG, PNG, GIF, and WebP images are allowed.',
    );
    expect(imageFileError({ type: 'text/plain', size: 10 }, 10 * MB)).not.toBeNull();
  });
  it('refuses files over the limit with the spec text', () => {
    expect(imageFileError({ type: 'image/png', size: 10 * MB + 1 }, 10 * MB)).toBe(
      'File size too large. Maximum size is 10MB.',
    );
    expect(imageFileError({ type: 'image/png', size: 2 * MB + 1 }, 2 * MB)).toBe(
      'File size too large. Maximum size is 2MB.',
    );
  });
});

it('builds the delete phrase', () => {
  expect(deletePhrase('cats')).toBe('delete c/cats');
});
