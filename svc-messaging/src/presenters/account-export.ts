import { REMOVED_TEXT, type MessagingExport } from '@forum/contracts';
import type { AccountData } from '../use-cases/export-account-data.js';
import { presentConversationSummary } from './conversation.js';
import { presentNotificationPreferences } from './notification-preferences.js';

/**
 * The caller's messaging records as MessagingExport. Names come from the conversation (a deleted
 * participant reads '[deleted]'); a removed message reads '[removed]', as the conversation shows
 * it to the caller.
 */
export function presentAccountExport(data: AccountData, viewerId: string): MessagingExport {
  return {
    conversations: data.conversations.map(({ conversation, messages }) => ({
      id: conversation._id.toHexString(),
      subject: conversation.subject,
      other_username: presentConversationSummary(conversation, viewerId).other_username,
      created_at: conversation.created_at.toISOString(),
      messages: messages.map((m) => ({
        id: m._id.toHexString(),
        sender_username: conversation.usernames?.[m.sender_id.toHexString()] ?? '',
        content: m.removed ? REMOVED_TEXT : m.content,
        created_at: m.created_at.toISOString(),
        read_at: m.read_at?.toISOString() ?? null,
      })),
    })),
    notifications: data.notifications.map((n) => ({
      id: n._id.toHexString(),
      type: n.type,
      title: n.title,
      content: n.content ?? '',
      is_read: n.is_read ?? false,
      created_at: n.created_at.toISOString(),
    })),
    notification_preferences: presentNotificationPreferences(data.preferences),
    message_reports: data.reports.map((r) => ({
      message_id: r.message_id.toHexString(),
      reason: r.reason,
      status: r.status,
      created_at: r.created_at.toISOString(),
    })),
  };
}
