import { Types } from 'mongoose';
import type { AuthUser } from '@forum/service-kit';
import type { MessagingModels } from '../models/index.js';
import type { ConversationDoc } from '../models/conversation.js';
import type { MessageDoc } from '../models/message.js';
import type { MessageReportDoc } from '../models/message-report.js';
import type { NotificationDoc } from '../models/notification.js';
import type { NotificationPreferenceDoc } from '../models/notification-preference.js';

/** Conversations whose messages one query reads. */
export const EXPORT_CONVERSATION_BATCH = 100;

export interface AccountData {
  conversations: { conversation: ConversationDoc; messages: MessageDoc[] }[];
  notifications: NotificationDoc[];
  preferences: NotificationPreferenceDoc | null;
  reports: MessageReportDoc[];
}

/**
 * GET /internal/export (EXTENSIONS §B2): everything messaging holds for the caller, read by the
 * caller's own id only: their conversations (participant_ids) and those conversations' messages,
 * their notifications (user_id), preferences (user_id) and the reports they made (reporter_id).
 * Each read walks a declared index (list-query-plans.int.test.ts).
 */
export async function exportAccountData(
  models: MessagingModels,
  user: AuthUser,
): Promise<AccountData> {
  const me = new Types.ObjectId(user.id);
  const [conversations, notifications, preferences, reports] = await Promise.all([
    models.Conversation.find({ participant_ids: me })
      .sort({ last_message_at: -1, _id: -1 })
      .lean<ConversationDoc[]>(),
    models.Notification.find({ user_id: me })
      .sort({ created_at: -1, _id: -1 })
      .lean<NotificationDoc[]>(),
    models.NotificationPreference.findOne({ user_id: me }).lean<NotificationPreferenceDoc>(),
    models.MessageReport.find({ reporter_id: me })
      .sort({ created_at: 1 })
      .lean<MessageReportDoc[]>(),
  ]);
  const messages = await messagesOf(models, conversations);
  return {
    conversations: conversations.map((conversation) => ({
      conversation,
      messages: messages.get(conversation._id.toHexString()) ?? [],
    })),
    notifications,
    preferences,
    reports,
  };
}

/** Every message of the conversations, oldest first per conversation, a batch per query. */
async function messagesOf(
  { Message }: MessagingModels,
  conversations: ConversationDoc[],
): Promise<Map<string, MessageDoc[]>> {
  const byConversation = new Map<string, MessageDoc[]>();
  for (let i = 0; i < conversations.length; i += EXPORT_CONVERSATION_BATCH) {
    const ids = conversations.slice(i, i + EXPORT_CONVERSATION_BATCH).map((c) => c._id);
    // The (conversation_id, created_at -1, _id -1) index walked backwards: no in-memory sort.
    const rows = await Message.find({ conversation_id: { $in: ids } })
      .sort({ conversation_id: -1, created_at: 1, _id: 1 })
      .lean<MessageDoc[]>();
    for (const row of rows) {
      const key = row.conversation_id.toHexString();
      const list = byConversation.get(key) ?? [];
      list.push(row);
      byConversation.set(key, list);
    }
  }
  return byConversation;
}
