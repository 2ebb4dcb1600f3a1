import { inTransaction, type AuthUser } from '@forum/service-kit';
import type { MessagingDeps } from '../deps.js';
import { appendMessage } from './shared/append-message.js';
import { findOwnConversation } from './shared/find-conversation.js';

/** POST /messages/conversations/{id}/messages: participants only. */
export async function sendMessage(
  deps: MessagingDeps,
  user: AuthUser,
  conversationId: string,
  content: string,
) {
  const conversation = await findOwnConversation(deps.models, conversationId, user);
  const { message } = await inTransaction(deps.conn, (session) =>
    appendMessage(deps, session, conversation, user, content),
  );
  return message;
}
