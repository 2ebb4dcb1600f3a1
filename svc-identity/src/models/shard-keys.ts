/**
 * The shard key of each collection that grows with users or content, for a sharded cluster
 * (docs/PRODUCTION.md). A unique index must start with its collection's shard key, and a hashed
 * key allows none besides _id: shard-keys.int.test.ts checks the declared indexes against this.
 * `counters` (one document per sequence) stays unsharded.
 */
export const IDENTITY_SHARD_KEYS = {
  // Read by _id on every authenticated request; no unique index left (usernames, emails and
  // referral codes are claimed in user_keys). Logins by name or email read every shard.
  users: { _id: 'hashed' },
  // One document per claimed value; _id is the rule and the key (ranged: unique needs it).
  user_keys: { _id: 1 },
  // Tokens name their family: rotation, reuse checks and logout read one document by _id.
  refresh_token_families: { _id: 'hashed' },
  // Upserted by _id (one fixed window per key); no other index but the TTL.
  login_throttle: { _id: 'hashed' },
  // The unique token hash is the key and the lookup; sha256 values spread evenly.
  password_resets: { token_hash: 1 },
  // Unique per referred user. Counting a referrer's referrals reads every shard (rare).
  referrals: { referred_id: 1 },
  // The unique (user_id, badge_type) starts with it; the profile lists one user's badges.
  badges: { user_id: 1 },
  // As password_resets: the unique token hash is the key and the lookup.
  email_verifications: { token_hash: 1 },
  // The unique (blocker_id, blocked_id) and the blocker's list start with it.
  blocks: { blocker_id: 1 },
} as const;
