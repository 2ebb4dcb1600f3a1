import { REMOVED_TEXT, type Message, type SendMessageResponse } from '@forum/contracts';
import type { MessageDoc } from '../models/message.js';

export const presentMessage = (doc: MessageDoc): Message => ({
  id: doc._id.toHexString(),
  conversation_id: doc.conversation_id.toHexString(),
  sender_id: doc.sender_id.toHexString(),
  // A removed message reads the same for both participants (EXTENSIONS §M5).
  content: doc.removed ? REMOVED_TEXT : doc.content,
  created_at: doc.created_at.toISOString(),
  is_read: doc.is_read ?? false,
  removed: doc.removed === true,
});

/** "Returns the created message": its fields at the top level, and the same under `message`. */
export function presentSentMessage(doc: MessageDoc): SendMessageResponse {
  const message = presentMessage(doc);
  return { ...message, message };
}
