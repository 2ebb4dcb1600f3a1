import type { LivePublisher } from '@forum/service-kit';
import type { MessageDoc } from '../models/message.js';
import type { NotificationDoc } from '../models/notification.js';
import { presentMessage } from '../presenters/message.js';
import { presentNotification } from '../presenters/notification.js';

/**
 * Live hints (EXTENSIONS §L) for writes that have committed: call these only after the write
 * stood, with what it actually stored. Each is one small core-NATS publish, no DB read.
 */

/** A `notification` hint per stored (new or updated) notification, as GET /notifications shows it. */
export function publishNotificationHints(live: LivePublisher, docs: NotificationDoc[]): void {
  for (const doc of docs) {
    live.publish({
      type: 'notification',
      user_id: doc.user_id.toHexString(),
      notification: presentNotification(doc),
    });
  }
}

/**
 * A `message` hint to both participants: the recipient's new message, and the sender's other
 * tabs and devices. The presented message does not depend on the viewer (is_read is the
 * recipient's flag, which the sender sees as "read by them"), so both get the same one.
 */
export function publishMessageHints(live: LivePublisher, doc: MessageDoc): void {
  const message = presentMessage(doc);
  const conversation_id = message.conversation_id;
  for (const userId of [doc.recipient_id, doc.sender_id]) {
    live.publish({ type: 'message', user_id: userId.toHexString(), conversation_id, message });
  }
}

/** The user's unread counts changed without a new item (something was read): refetch them. */
export function publishUnreadHint(live: LivePublisher, userId: string): void {
  live.publish({ type: 'unread', user_id: userId });
}
