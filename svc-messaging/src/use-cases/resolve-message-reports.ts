import { REMOVED_TEXT, type EventOf, type Subjects } from '@forum/contracts';
import { toObjectId } from '@forum/service-kit';
import type { Types } from 'mongoose';
import { NotificationText } from '../domain/notification-texts.js';
import type { MessagingModels } from '../models/index.js';
import { conversationFilter, type ConversationDoc } from '../models/conversation.js';
import type { MessageDoc } from '../models/message.js';

/**
 * forum.report.resolved for a message (EXTENSIONS §M5): its open reports close, so its recipient
 * may report it again later; on 'remove' the message reads REMOVED_TEXT for both participants
 * from then on. Runs in the consumer's transaction (every write here, or none, with the
 * processed-event record); a repeat finds nothing open and the message already removed.
 */
export async function resolveMessageReports(
  models: MessagingModels,
  event: EventOf<typeof Subjects.ReportResolved>,
): Promise<void> {
  if (event.target_type !== 'message') return;
  const messageId = toObjectId(event.target_id);
  const resolvedAt = new Date(event.resolved_at);
  await models.MessageReport.updateMany(
    { message_id: messageId, status: 'open' },
    { $set: { status: 'closed', resolution: event.action, closed_at: resolvedAt } },
  );
  if (event.action === 'remove') {
    await removeMessage(models, messageId, event.reporter_ids, resolvedAt);
  }
}

async function removeMessage(
  { Message, Conversation, Notification }: MessagingModels,
  messageId: Types.ObjectId,
  reporterIds: string[],
  removedAt: Date,
): Promise<void> {
  // Only its recipient reports a message: naming the reporters reads one shard (messages are
  // sharded by recipient).
  const byRecipient = reporterIds.length
    ? { recipient_id: { $in: reporterIds.map(toObjectId) } }
    : {};
  const message = await Message.findOneAndUpdate(
    { _id: messageId, ...byRecipient, removed: { $ne: true } },
    { $set: { removed: true, removed_at: removedAt } },
  ).lean<MessageDoc>();
  if (!message) return; // unknown here, or removed already
  const conversation = await Conversation.findById(message.conversation_id).lean<ConversationDoc>();
  if (!conversation) return;

  // The inbox list's preview, when it shows this message (the conversation's latest). A message
  // appended meanwhile conflicts with this transaction's write, which then runs again.
  const latest = await Message.findOne(
    { conversation_id: conversation._id, recipient_id: { $in: conversation.participant_ids } },
    { _id: 1 },
  )
    .sort({ created_at: -1, _id: -1 })
    .lean<Pick<MessageDoc, '_id'>>();
  if (latest?._id.equals(message._id)) {
    await Conversation.updateOne(conversationFilter(conversation), {
      $set: { last_message: REMOVED_TEXT },
    });
  }

  // The recipient's private_message notification quotes the message: it carries the message's
  // time (messaging.message.sent's created_at) in the conversation it routes to.
  await Notification.updateMany(
    {
      user_id: message.recipient_id,
      type: 'private_message',
      related_id: conversation._id.toHexString(),
      created_at: message.created_at,
    },
    {
      $set: {
        content: NotificationText.privateMessage(
          conversation.usernames[message.sender_id.toHexString()] ?? '',
          conversation.subject,
          REMOVED_TEXT,
        ).content,
      },
    },
  );
}
