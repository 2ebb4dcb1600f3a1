import type { ConversationMessagesQuery } from '@forum/contracts';
import { inTransaction, toObjectId, type AuthUser } from '@forum/service-kit';
import type { MessagingDeps } from '../deps.js';
import { publishUnreadHint } from '../live/hints.js';
import { conversationFilter, type ConversationDoc } from '../models/conversation.js';
import type { MessageDoc } from '../models/message.js';
import { findOwnConversation } from './shared/find-conversation.js';

/**
 * GET /messages/conversations/{id}. Opening it marks the other person's messages read (and, when
 * that read any, hints the caller's open streams that their unread count moved). Page 1 is the
 * latest `limit` messages, page 2 the ones before; each page is returned oldest first.
 */
export async function getConversation(
  deps: Pick<MessagingDeps, 'models' | 'conn' | 'live'>,
  user: AuthUser,
  id: string,
  { page, limit }: ConversationMessagesQuery,
): Promise<{ conversation: ConversationDoc; messages: MessageDoc[]; hasMore: boolean }> {
  const conversation = await findOwnConversation(deps.models, id, user);
  if ((await markConversationRead(deps, conversation, user)) > 0) {
    publishUnreadHint(deps.live, user.id);
  }
  // Messages are sharded by recipient: naming both participants reads at most two shards.
  const rows = await deps.models.Message.find({
    conversation_id: conversation._id,
    recipient_id: { $in: conversation.participant_ids },
  })
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
 * a new message or a single mark-read races with it; one transaction holds both writes. Returns
 * how many it marked read.
 */
function markConversationRead(
  { models: { Message, Conversation }, conn }: Pick<MessagingDeps, 'models' | 'conn'>,
  conversation: ConversationDoc,
  user: AuthUser,
): Promise<number> {
  return inTransaction(conn, async () => {
    const { modifiedCount } = await Message.updateMany(
      { conversation_id: conversation._id, recipient_id: toObjectId(user.id), is_read: false },
      { $set: { is_read: true, read_at: new Date() } },
    );
    if (modifiedCount > 0) {
      await Conversation.updateOne(conversationFilter(conversation), {
        $inc: { [`unread.${user.id}`]: -modifiedCount },
      });
    }
    return modifiedCount;
  });
}
