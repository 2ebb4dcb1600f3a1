import { inTransaction, toObjectId, type AuthUser } from '@forum/service-kit';
import type { MessagingDeps } from '../deps.js';
import { publishUnreadHint } from '../live/hints.js';
import type { MessageDoc } from '../models/message.js';
import { assertCanSeeMessage, assertIsRecipient } from '../policies/conversation-policy.js';

/**
 * PUT /messages/messages/{id}/read. Idempotent: only the update that flips is_read moves the
 * conversation's counter, so repeats and races adjust it exactly once; both in one transaction,
 * so a crash between them cannot leave the counter behind. Only a flip hints the reader's open
 * streams that their unread count moved.
 */
export async function markMessageRead(
  {
    models: { Message, Conversation },
    conn,
    live,
  }: Pick<MessagingDeps, 'models' | 'conn' | 'live'>,
  user: AuthUser,
  id: string,
): Promise<MessageDoc> {
  const message = await Message.findById(toObjectId(id)).lean<MessageDoc>();
  assertCanSeeMessage(message, user);
  assertIsRecipient(message, user);
  const readAt = new Date();
  const flipped = await inTransaction(conn, async () => {
    const { modifiedCount } = await Message.updateOne(
      { _id: message._id, is_read: false },
      { $set: { is_read: true, read_at: readAt } },
    );
    if (modifiedCount > 0) {
      await Conversation.updateOne(
        { _id: message.conversation_id },
        { $inc: { [`unread.${user.id}`]: -1 } },
      );
    }
    return modifiedCount > 0;
  });
  if (flipped) publishUnreadHint(live, user.id);
  return { ...message, is_read: true, read_at: message.read_at ?? readAt };
}
