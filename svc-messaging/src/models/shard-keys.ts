/**
 * The shard key of each collection that grows with users or content, for a sharded cluster
 * (docs/PRODUCTION.md). A unique index must start with its collection's shard key, and a hashed
 * key allows none besides _id: shard-keys.int.test.ts checks the declared indexes against this.
 */
export const MESSAGING_SHARD_KEYS = {
  // Every read is one user's; both unique indexes (user_id, source_event_id) and the coalescing
  // (user_id, group_key) start with it.
  notifications: { user_id: 1 },
  // The unique (pair_key, subject_key) is the key itself; the upsert that opens a conversation
  // names both. The inbox list (by participant) reads every shard.
  conversations: { pair_key: 1, subject_key: 1 },
  // No unique index. The unread count (every tab, every 30 s) and marking a conversation read
  // name the recipient; a conversation page names both participants (at most two shards).
  messages: { recipient_id: 'hashed' },
  // The unique open-report index (message_id, reporter_id) starts with it; a report and closing
  // a message's open reports name the message.
  message_reports: { message_id: 1 },
  // One document per user, unique on it; every read names the user (or an event's recipients).
  notification_preferences: { user_id: 1 },
  // The unique (blocker_id, blocked_id) starts with it; refusing a message names both, dropping
  // an event's notifications names its recipients as blockers.
  blocks: { blocker_id: 1 },
} as const;
