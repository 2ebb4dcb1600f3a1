import { z } from '../zod.js';
import { Id, Timestamp } from '../http/common.js';
import { defineEvent } from './envelope.js';

/** A new account. Forum and messaging keep a user directory replica from it. */
export const UserRegisteredEvent = defineEvent({
  user_id: Id,
  username: z.string(),
  avatar_url: z.string().nullable(),
  created_at: Timestamp,
  /** The referrer when the account was created with a valid referral code. */
  referred_by_user_id: Id.nullable(),
});

/** Profile fields other services copy (usernames never change, avatars do). */
export const UserUpdatedEvent = defineEvent({
  user_id: Id,
  username: z.string(),
  avatar_url: z.string().nullable(),
  /**
   * Added within version 1 (optional, so older producers and consumers stay valid): false once an
   * admin deactivates the account, so other services can refuse its still-valid access tokens.
   */
  is_active: z.boolean().optional(),
});

export const ReferralCompletedEvent = defineEvent({
  referrer_id: Id,
  referrer_username: z.string(),
  referred_user_id: Id,
  referred_username: z.string(),
  completed_referrals: z.number().int().nonnegative(),
});

export const BADGE_TYPES = ['founders_club', 'community_builder', 'other'] as const;
export const BADGE_ICONS = ['crown', 'users', 'star', 'shield'] as const;

export const BadgeEarnedEvent = defineEvent({
  user_id: Id,
  badge_id: Id,
  badge_type: z.enum(BADGE_TYPES),
  name: z.string(),
  description: z.string(),
  icon: z.enum(BADGE_ICONS),
  earned_at: Timestamp,
});

/**
 * EXTENSIONS §B1: a block made or lifted. Forum and messaging keep a replica of each pair;
 * `block_version` grows with every change of the pair, so a replica applies an event only when it
 * is newer than what it holds (redeliveries and out-of-order deliveries converge). Not `version`:
 * that is the envelope's schema version.
 */
export const BlockChangedEvent = defineEvent({
  blocker_id: Id,
  blocked_id: Id,
  blocked: z.boolean(),
  block_version: z.number().int().positive(),
  changed_at: Timestamp,
});

/**
 * EXTENSIONS §B2: an account was deleted (identity has erased its email, avatar and password and
 * revoked its sessions; a UserUpdated {is_active: false, avatar_url: null} goes with it, so every
 * replica refuses its tokens). Forum shows its remaining posts and comments as `[deleted]`, or
 * deletes them as their author would when `delete_content`; messaging erases its notifications
 * and preferences and shows it as `[deleted]` in conversations. Each consumer is idempotent.
 */
export const UserDeletedEvent = defineEvent({
  user_id: Id,
  username: z.string(),
  delete_content: z.boolean(),
  deleted_at: Timestamp,
});
