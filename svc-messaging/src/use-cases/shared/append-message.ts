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
  const filter = conversationFilter(conversation);
  // The conversation's write comes first and the message's time after it: concurrent messages
  // are ordered by that write (MongoDB's write conflict re-runs the later one, the dev DB's lock
  // makes it wait), and a time taken before it could be older than a message committed while
  // this one waited (a primary election holds every write for seconds). Never before the
  // conversation's latest message, so its preview is always its latest message.
  const before = await models.Conversation.findOneAndUpdate(
    filter,
    { $inc: { [`unread.${recipientId.toHexString()}`]: 1 } },
    { returnDocument: 'before' },
  ).lean<ConversationDoc>();
  const now = laterThan(before?.last_message_at ?? conversation.last_message_at);
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
    filter,
    // Previews are plain text (EXTENSIONS §F1: the Markdown stripped, spoilers hidden).
    { $set: { last_message: toPlainText(content, LAST_MESSAGE_PREVIEW), last_message_at: now } },
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

/** Now, or a millisecond after `previous` when the clock has not passed it. */
const laterThan = (previous: Date) => new Date(Math.max(Date.now(), previous.getTime() + 1));
