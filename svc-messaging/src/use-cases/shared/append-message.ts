import { Types, type ClientSession } from 'mongoose';
import { Subjects } from '@forum/contracts';
import type { AuthUser } from '@forum/service-kit';
import type { MessagingDeps } from '../../deps.js';
import { conversationFilter, type ConversationDoc } from '../../models/conversation.js';
import type { MessageDoc } from '../../models/message.js';
import { otherParticipant } from '../../policies/conversation-policy.js';
import { toPlainText } from '@forum/rich-text/plain';

/** The list shows a preview; the client cuts it further (spec §5: 200 characters). */
export const LAST_MESSAGE_PREVIEW = 300;
const EVENT_PREVIEW = 200;

/**
 * Store a message, move the conversation's list fields and the recipient's unread counter, and
 * put messaging.message.sent in the outbox, all in the caller's transaction (models join it by
 * themselves, the outbox through `session`): a crash leaves the three together or none of them.
 */
export async function appendMessage(
  { models, outbox }: Pick<MessagingDeps, 'models' | 'outbox'>,
  session: ClientSession,
  conversation: ConversationDoc,
  sender: AuthUser,
  content: string,
): Promise<{ conversation: ConversationDoc; message: MessageDoc }> {
  const recipientId = otherParticipant(conversation, sender.id);
  const now = new Date();
  const message: MessageDoc = {
    _id: new Types.ObjectId(),
    conversation_id: conversation._id,
    sender_id: new Types.ObjectId(sender.id),
    recipient_id: recipientId,
    content,
    is_read: false,
    read_at: null,
    created_at: now,
  };
  await models.Message.create(message);
  const updated = await models.Conversation.findOneAndUpdate(
    conversationFilter(conversation),
    {
      // Previews are plain text (EXTENSIONS §F1: the Markdown stripped, spoilers hidden).
      $set: { last_message: toPlainText(content, LAST_MESSAGE_PREVIEW), last_message_at: now },
      $inc: { [`unread.${recipientId.toHexString()}`]: 1 },
    },
    { returnDocument: 'after' },
  ).lean<ConversationDoc>();
  await outbox.add(
    Subjects.MessageSent,
    {
      message_id: message._id.toHexString(),
      conversation_id: conversation._id.toHexString(),
      sender_id: sender.id,
      sender_username: sender.username,
      recipient_id: recipientId.toHexString(),
      subject: conversation.subject,
      content_preview: toPlainText(content, EVENT_PREVIEW),
      created_at: now.toISOString(),
    },
    { session },
  );
  return { conversation: updated ?? conversation, message };
}
