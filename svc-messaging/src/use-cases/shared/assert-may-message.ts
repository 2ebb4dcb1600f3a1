import { Types } from 'mongoose';
import { BlockTexts } from '@forum/contracts';
import { forbidden } from '@forum/service-kit';
import type { MessagingModels } from '../../models/index.js';

/**
 * 403 'You cannot message this user' before anything is written, when the recipient blocked the
 * sender (EXTENSIONS §B1: only the blocked side is refused; the blocker may still write) or the
 * recipient's account was deleted (§B2: the conversation stays, nothing new arrives). Both are
 * one-document reads by a unique key, run side by side.
 */
export async function assertMayMessage(
  { Block, DirectoryUser }: MessagingModels,
  senderId: string,
  recipientId: Types.ObjectId,
): Promise<void> {
  const [blocked, deleted] = await Promise.all([
    Block.exists({
      blocker_id: recipientId,
      blocked_id: new Types.ObjectId(senderId),
      blocked: true,
    }),
    DirectoryUser.exists({ _id: recipientId, deleted_at: { $ne: null } }),
  ]);
  if (blocked || deleted) throw forbidden(BlockTexts.cannotMessage);
}
