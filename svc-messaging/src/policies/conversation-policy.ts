import { MessageTexts } from '@forum/contracts';
import { forbidden, notFound, type AuthUser } from '@forum/service-kit';
import type { ConversationDoc } from '../models/conversation.js';
import type { MessageDoc } from '../models/message.js';

export const isParticipant = (
  conversation: Pick<ConversationDoc, 'participant_ids'>,
  userId: string,
) => conversation.participant_ids.some((id) => id.toHexString() === userId);

/**
 * Only the two participants see or write to a conversation. Everyone else gets the same 404 as a
 * conversation that does not exist, so ids cannot be probed.
 */
export function assertParticipant<C extends Pick<ConversationDoc, 'participant_ids'>>(
  conversation: C | null,
  user: AuthUser,
): asserts conversation is C {
  if (!conversation || !isParticipant(conversation, user.id)) {
    throw notFound(MessageTexts.conversationNotFound);
  }
}

/** Messages are visible to their sender and recipient only (same 404 otherwise). */
export function assertCanSeeMessage(
  message: MessageDoc | null,
  user: AuthUser,
): asserts message is MessageDoc {
  const allowed =
    message && [message.sender_id, message.recipient_id].some((id) => id.toHexString() === user.id);
  if (!allowed) throw notFound(MessageTexts.conversationNotFound);
}

/** Read receipts belong to the recipient; the sender knows the message exists, so 403. */
export function assertIsRecipient(message: MessageDoc, user: AuthUser): void {
  if (message.recipient_id.toHexString() !== user.id) {
    throw forbidden(MessageTexts.onlyRecipientCanMarkRead);
  }
}

/**
 * Only a message's recipient may report it (EXTENSIONS §M5). Everyone else, its sender included,
 * gets the answer of a message that does not exist, so reporting cannot probe ids.
 */
export function assertCanReportMessage(
  message: MessageDoc | null,
  user: AuthUser,
): asserts message is MessageDoc {
  if (!message || message.recipient_id.toHexString() !== user.id) {
    throw notFound(MessageTexts.messageNotFound);
  }
}

/** The participant who is not `userId`. */
export function otherParticipant(
  conversation: Pick<ConversationDoc, 'participant_ids'>,
  userId: string,
) {
  return conversation.participant_ids.find((id) => id.toHexString() !== userId)!;
}
