import { z } from '../zod.js';
import { Id } from '../http/common.js';
import { Message } from '../http/messages.js';
import { Notification } from '../http/notifications.js';

/**
 * Live hints (EXTENSIONS §L): core NATS messages, not stored by JetStream (no stream captures
 * `live.>`), published by a service right after the write commits. They exist only to reach open
 * streams at once; a lost one costs a late badge, never data (clients resync on reconnect, and
 * every `unread` event carries the full counts). Durable facts stay in the catalogue's events.
 */
export const LiveSubjects = {
  /** One user's events; svc-stream instances subscribe to `live.user.*`. */
  user: (userId: string) => `live.user.${userId}`,
  userWildcard: 'live.user.*',
} as const;

export const LiveUserEvent = z.discriminatedUnion('type', [
  /** A notification was stored for the user. */
  z.object({ type: z.literal('notification'), user_id: Id, notification: Notification }),
  /** A message the user sent or received (both participants get one). */
  z.object({ type: z.literal('message'), user_id: Id, conversation_id: Id, message: Message }),
  /** The user's unread counts changed without a new item (read elsewhere): refetch them. */
  z.object({ type: z.literal('unread'), user_id: Id }),
]);
export type LiveUserEvent = z.infer<typeof LiveUserEvent>;
