import type {
  ConversationDetailResponse,
  ConversationSummary,
  CreateConversationResponse,
  ListConversationsResponse,
} from '@forum/contracts';
import type { ConversationDoc } from '../models/conversation.js';
import type { MessageDoc } from '../models/message.js';
import { otherParticipant } from '../policies/conversation-policy.js';
import { presentMessage } from './message.js';

/** The conversation as `viewerId` sees it: the other person's name and the viewer's unread count. */
export function presentConversationSummary(
  doc: ConversationDoc,
  viewerId: string,
): ConversationSummary {
  const other = otherParticipant(doc, viewerId).toHexString();
  return {
    id: doc._id.toHexString(),
    other_username: doc.usernames?.[other] ?? '',
    subject: doc.subject,
    last_message: doc.last_message ?? '',
    last_message_at: doc.last_message_at.toISOString(),
    unread_count: Math.max(doc.unread?.[viewerId] ?? 0, 0),
  };
}

export const presentConversationPage = (
  page: { conversations: ConversationDoc[]; hasMore: boolean },
  viewerId: string,
): ListConversationsResponse => ({
  conversations: page.conversations.map((c) => presentConversationSummary(c, viewerId)),
  hasMore: page.hasMore,
});

/** The id sits at the top level too: the client navigates to /inbox/{id}. */
export function presentStartedConversation(
  started: { conversation: ConversationDoc; message: MessageDoc },
  viewerId: string,
): CreateConversationResponse {
  return {
    id: started.conversation._id.toHexString(),
    conversation: presentConversationSummary(started.conversation, viewerId),
    message: presentMessage(started.message),
  };
}

export function presentConversationDetail(
  {
    conversation,
    messages,
    hasMore,
  }: { conversation: ConversationDoc; messages: MessageDoc[]; hasMore: boolean },
  viewerId: string,
): ConversationDetailResponse {
  const { id, other_username, subject } = presentConversationSummary(conversation, viewerId);
  return { id, other_username, subject, messages: messages.map(presentMessage), hasMore };
}
