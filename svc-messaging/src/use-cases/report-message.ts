import { MessageTexts, ModerationTexts, Subjects } from '@forum/contracts';
import {
  conflict,
  inTransaction,
  isDuplicateKeyError,
  toObjectId,
  type AuthUser,
} from '@forum/service-kit';
import type { MessagingDeps } from '../deps.js';
import { REPORT_EXCERPT_LENGTH } from '../domain/message-report-texts.js';
import type { ConversationDoc } from '../models/conversation.js';
import type { MessageDoc } from '../models/message.js';
import { assertCanReportMessage } from '../policies/conversation-policy.js';
import { toPlainText } from '@forum/rich-text/plain';

/**
 * POST /messages/messages/{id}/report (EXTENSIONS §M5): the recipient reports a message to the
 * admin. The report row and messaging.message.reported (forum keeps the admin's queue) are one
 * transaction; the partial unique index on open reports turns a second one, also a concurrent
 * one, into 409.
 */
export async function reportMessage(
  { models: { Message, Conversation, MessageReport }, outbox, conn }: MessagingDeps,
  user: AuthUser,
  id: string,
  reason: string,
): Promise<void> {
  // Naming the caller as the recipient reads one shard (messages are sharded by recipient).
  const message = await Message.findOne({
    _id: toObjectId(id),
    recipient_id: toObjectId(user.id),
  }).lean<MessageDoc>();
  assertCanReportMessage(message, user);
  if (message.removed) throw conflict(MessageTexts.messageAlreadyRemoved);
  const conversation = await Conversation.findById(message.conversation_id, {
    usernames: 1,
  }).lean<Pick<ConversationDoc, 'usernames'>>();
  const authorId = message.sender_id.toHexString();
  const now = new Date();
  try {
    await inTransaction(conn, async (session) => {
      await MessageReport.create({
        message_id: message._id,
        conversation_id: message.conversation_id,
        reporter_id: message.recipient_id,
        author_id: message.sender_id,
        reason,
        status: 'open',
        resolution: null,
        created_at: now,
        closed_at: null,
      });
      await outbox.add(
        Subjects.MessageReported,
        {
          message_id: id,
          reporter_id: user.id,
          reporter_username: user.username,
          author_id: authorId,
          // Usernames are copied onto the conversation when it opens and never change.
          author_username: conversation?.usernames[authorId] ?? '',
          excerpt: toPlainText(message.content, REPORT_EXCERPT_LENGTH),
          reason,
          created_at: now.toISOString(),
        },
        { session },
      );
    });
  } catch (err) {
    if (isDuplicateKeyError(err)) throw conflict(ModerationTexts.alreadyReported);
    throw err;
  }
}
