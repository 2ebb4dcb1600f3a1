import type { ConversationMessagesQuery } from '@forum/contracts';
import { toObjectId, type AuthUser } from '@forum/service-kit';
import type { MessagingModels } from '../models/index.js';
import type { ConversationDoc } from '../models/conversation.js';
import type { MessageDoc } from '../models/message.js';
import { findOwnConversation } from './shared/find-conversation.js';

/**
 * GET /messages/conversations/{id}. Opening it marks the other person's messages read. Page 1 is
 * the latest `limit` messages, page 2 the ones before; each page is returned oldest first.
 */
export async function getConversation(
  models: MessagingModels,
  user: AuthUser,
  id: string,
  { page, limit }: ConversationMessagesQuery,
): Promise<{ conversation: ConversationDoc; messages: MessageDoc[]; hasMore: boolean }> {
  const conversation = await findOwnConversation(models, id, user);
  await markConversationRead(models, conversation, user);
  const rows = await models.Message.find({ conversation_id: conversation._id })
    .sort({ created_at: -1, _id: -1 })
    .skip((page - 1) * limit)
    .limit(limit + 1)
    .lean<MessageDoc[]>();
  return {
    conversation,
    messages: rows.slice(0, limit).reverse(),
    hasMore: rows.length > limit,
  };
}

/**
 * The counter moves by exactly the number of messages this call flipped, so it stays right when
 * a new message or a single mark-read races with it.
 */
async function markConversationRead(
  { Message, Conversation }: MessagingModels,
  conversation: ConversationDoc,
  user: AuthUser,
): Promise<void> {
  const { modifiedCount } = await Message.updateMany(
    { conversation_id: conversation._id, recipient_id: toObjectId(user.id), is_read: false },
    { $set: { is_read: true, read_at: new Date() } },
  );
  if (modifiedCount > 0) {
    await Conversation.updateOne(
      { _id: conversation._id },
      { $inc: { [`unread.${user.id}`]: -modifiedCount } },
    );
  }
}
