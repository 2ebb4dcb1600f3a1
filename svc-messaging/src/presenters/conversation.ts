import type { ConversationDetailResponse, ConversationSummary } from '@forum/contracts';
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

export function presentConversationDetail(
  doc: ConversationDoc,
  viewerId: string,
  page: { messages: MessageDoc[]; hasMore: boolean },
): ConversationDetailResponse {
  const { id, other_username, subject } = presentConversationSummary(doc, viewerId);
  return {
    id,
    other_username,
    subject,
    messages: page.messages.map(presentMessage),
    hasMore: page.hasMore,
  };
}
