import type { ListConversationsQuery } from '@forum/contracts';
import { toObjectId, type AuthUser } from '@forum/service-kit';
import type { MessagingModels } from '../models/index.js';
import type { ConversationDoc } from '../models/conversation.js';

/** One indexed query (participant_ids, last_message_at); one extra row tells hasMore. */
export async function listConversations(
  { Conversation }: MessagingModels,
  user: AuthUser,
  { page, limit }: ListConversationsQuery,
): Promise<{ conversations: ConversationDoc[]; hasMore: boolean }> {
  const rows = await Conversation.find({ participant_ids: toObjectId(user.id) })
    .sort({ last_message_at: -1, _id: -1 })
    .skip((page - 1) * limit)
    .limit(limit + 1)
    .lean<ConversationDoc[]>();
  return { conversations: rows.slice(0, limit), hasMore: rows.length > limit };
}
