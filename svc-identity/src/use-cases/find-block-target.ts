import { AuthMessages } from '@forum/contracts';
import { notFound } from '@forum/service-kit';
import type { IdentityDeps } from '../deps.js';
import type { UserDoc } from '../models/user.js';

/**
 * The user named in /api/blocks/{username}, in any case (as profiles find them), or 404 (also
 * for a deleted account: there is nobody left to block).
 */
export async function findBlockTarget(
  { models }: Pick<IdentityDeps, 'models'>,
  username: string,
): Promise<Pick<UserDoc, '_id' | 'username'>> {
  const user = await models.User.findOne(
    { username_lower: username.toLowerCase(), deleted_at: null },
    { username: 1 },
  ).lean();
  if (!user) throw notFound(AuthMessages.userNotFound);
  return user;
}
