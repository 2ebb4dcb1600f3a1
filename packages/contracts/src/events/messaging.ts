import { z } from '../zod.js';
import { Id, Timestamp } from '../http/common.js';
import { defineEvent } from './envelope.js';

/** A private message; messaging itself turns it into the recipient's notification. */
export const MessageSentEvent = defineEvent({
  message_id: Id,
  conversation_id: Id,
  sender_id: Id,
  sender_username: z.string(),
  recipient_id: Id,
  subject: z.string(),
  content_preview: z.string(),
  created_at: Timestamp,
});
