import type { Types } from 'mongoose';
import { toObjectId, type AuthUser, readLean } from '@forum/service-kit';
import type { ForumModels } from '../../models/index.js';

/**
 * The users the caller blocked (EXTENSIONS §B1): one read of the (blocker_id, blocked,
 * blocked_id) index, only the key. Visitors block nobody and pay no query.
 */
export async function loadBlockedAuthors(
  { Block }: Pick<ForumModels, 'Block'>,
  user: AuthUser | undefined,
): Promise<Types.ObjectId[]> {
  if (!user) return [];
  const rows = await readLean<{ blocked_id: Types.ObjectId }>(
    Block,
    { blocker_id: toObjectId(user.id), blocked: true },
    { projection: { _id: 0, blocked_id: 1 } },
  );
  return rows.map((r) => r.blocked_id);
}
