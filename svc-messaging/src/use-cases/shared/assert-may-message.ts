import { Types } from 'mongoose';
import { BlockTexts } from '@forum/contracts';
import { forbidden } from '@forum/service-kit';
import type { MessagingModels } from '../../models/index.js';

/**
 * EXTENSIONS §B1: a user who blocked the sender gets nothing new from them: 403 'You cannot
 * message this user' before anything is written. Only the blocked side is refused; the blocker
 * may still write (the blocked user just cannot answer).
 */
export async function assertMayMessage(
  { Block }: MessagingModels,
  senderId: string,
  recipientId: Types.ObjectId,
): Promise<void> {
  const blocked = await Block.exists({
    blocker_id: recipientId,
    blocked_id: new Types.ObjectId(senderId),
    blocked: true,
  });
  if (blocked) throw forbidden(BlockTexts.cannotMessage);
}
