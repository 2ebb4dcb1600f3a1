import { toObjectId, type AuthUser } from '@forum/service-kit';
import type { MessagingModels } from '../../models/index.js';
import type { ConversationDoc } from '../../models/conversation.js';
import { assertParticipant } from '../../policies/conversation-policy.js';

/** The conversation if the caller takes part in it; 404 'Conversation not found' otherwise. */
export async function findOwnConversation(
  { Conversation }: MessagingModels,
  id: string,
  user: AuthUser,
): Promise<ConversationDoc> {
  const conversation = await Conversation.findById(toObjectId(id)).lean<ConversationDoc>();
  assertParticipant(conversation, user);
  return conversation;
}
