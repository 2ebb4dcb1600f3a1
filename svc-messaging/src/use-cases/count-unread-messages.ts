import { toObjectId, type AuthUser } from '@forum/service-kit';
import type { MessagingModels } from '../models/index.js';

/** Polled every 30 s by every signed-in tab: a count over the (recipient_id, is_read) index. */
export const countUnreadMessages = ({ Message }: MessagingModels, user: AuthUser) =>
  Message.countDocuments({ recipient_id: toObjectId(user.id), is_read: false });
