import { inTransaction, type AuthUser } from '@forum/service-kit';
import type { MessagingDeps } from '../deps.js';
import { publishMessageHints } from '../live/hints.js';
import { appendMessage } from './shared/append-message.js';
import { assertMayMessage } from './shared/assert-may-message.js';
import { findOwnConversation } from './shared/find-conversation.js';
import { otherParticipant } from '../policies/conversation-policy.js';

/**
 * POST /messages/conversations/{id}/messages: participants only; 403 when the other participant
 * blocked the caller (the conversation's history stays, nothing new arrives). Once stored, both
 * participants' open streams hear of it.
 */
export async function sendMessage(
  deps: MessagingDeps,
  user: AuthUser,
  conversationId: string,
  content: string,
) {
  const conversation = await findOwnConversation(deps.models, conversationId, user);
  await assertMayMessage(deps.models, user.id, otherParticipant(conversation, user.id));
  const { message } = await inTransaction(deps.conn, (session) =>
    appendMessage(deps, session, conversation, user, content),
  );
  publishMessageHints(deps.live, message);
  return message;
}
