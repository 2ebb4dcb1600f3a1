/**
 * Indexes that earlier versions built and the schemas no longer declare, dropped at start-up
 * (service-kit's dropRetiredIndexes) after the declared ones are built.
 */
export const RETIRED_INDEXES: Record<string, readonly string[]> = {
  // Unique (source_event_id, user_id) became (user_id, source_event_id): a sharded collection's
  // unique indexes must start with its shard key, user_id.
  notifications: ['source_event_id_1_user_id_1'],
};
