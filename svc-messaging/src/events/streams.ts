import { Streams } from '@forum/contracts';
import type { StreamSpec } from '@forum/service-kit';

/** Messaging consumes IDENTITY and FORUM and publishes to MESSAGING. */
export const messagingStreams: StreamSpec[] = [
  Streams.messaging,
  Streams.identity,
  Streams.forum,
].map((s) => ({ name: s.name, subjects: [...s.subjects] }));

/**
 * The user directory consumer's durable name (also its processed_events key): existing consumers
 * and idempotency records depend on it, never change it.
 */
export const DIRECTORY_DURABLE = 'messaging-user-directory';

/** The blocks replica consumer's durable name (also its processed_events key): never change it. */
export const BLOCKS_DURABLE = 'messaging-blocks';

/** The account deletion consumer's durable name (also its processed_events key): never change it. */
export const ACCOUNT_DELETIONS_DURABLE = 'messaging-account-deletions';
