/**
 * The shard key of each forum collection that grows with users or content, for a sharded cluster
 * (docs/PRODUCTION.md). A unique index must start with its collection's shard key, and a hashed
 * key allows none besides _id: shard-keys.test.ts checks the declared indexes against this. Every
 * write that names one document (votes, reactions, saves, subscriptions, memberships: the
 * find-and-modify steps and upserts) names its whole key, so it goes to one shard.
 */
export const FORUM_SHARD_KEYS = {
  // No unique index but _id. Reads and writes of one post name _id (one shard); the lists (home,
  // community, author) read every shard, each answering its own top of the page, which spreads
  // new posts and hot communities evenly instead of piling them on one shard.
  posts: { _id: 'hashed' },
  // As posts: a comment's writes (vote counters, edit, delete) name _id; a post's threads read
  // every shard (container_id and root_id are not the key).
  comments: { _id: 'hashed' },
  // One row per (user, target): the unique index is the key itself. The caller's state on a
  // page ($in of targets) reads the caller's own range; a target's cascade reads every shard.
  post_votes: { user_id: 1, post_id: 1 },
  comment_votes: { user_id: 1, comment_id: 1 },
  post_reactions: { user_id: 1, post_id: 1 },
  post_saves: { user_id: 1, post_id: 1 },
  comment_saves: { user_id: 1, comment_id: 1 },
  // Post first: the comment fan-out reads one post's subscribers (a range, split across chunks
  // for a post with very many); the unique (post_id, user_id) is the key.
  post_subscriptions: { post_id: 1, user_id: 1 },
  // User first (the unique index was community-first, retired-indexes.ts): the feed and "my
  // communities" read one user's memberships on every signed-in page; a member list reads all.
  memberships: { user_id: 1, community_id: 1 },
  // Moderation (EXTENSIONS §M). A community's team is a handful of rows read together (the team
  // list, the caller's seat): community first keeps them on one shard, and both unique indexes
  // (one seat per user, one owner) start with it.
  moderators: { community_id: 1 },
  // One ban per (community, user), the unique index itself; every write's ban check names both.
  bans: { community_id: 1, user_id: 1 },
  // Grows with every action. A community's log pages one range; the site-wide log reads every
  // shard (each answers its newest); _id spreads a busy community's entries over chunks.
  modlog: { community_id: 1, _id: 1 },
  // One open document per reported item (the unique partial index is the key): reporting and
  // closing name the item, so they go to one shard; the queues read every shard. Appeals (at
  // most one per removal or ban, far fewer than reports) stay unsharded: their unique modlog_id
  // could only be a ranged key, and ObjectIds would pile every new appeal on the last chunk.
  reports: { target_type: 1, target_id: 1 },
  // Small (one row per community): best left unsharded. If it must be, its unique name_lower is
  // the only key that keeps names unique; lookups by id then read every shard.
  communities: { name_lower: 1 },
  // EXTENSIONS §B1: a reader's active blocks are one range of the blocker's keys; the unique
  // (blocker_id, blocked_id) starts with it.
  blocks: { blocker_id: 1 },
} as const;
