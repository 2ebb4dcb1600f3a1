import { AuthMessages } from '@forum/contracts';
import { notFound } from '@forum/service-kit';
import type { IdentityDeps } from '../deps.js';
import { USER_FIELDS, type PresentableUser } from '../presenters/user.js';

/** A deleted account has no profile (its name stays reserved); a deactivated one still does. */
export async function getPublicProfile(
  { models }: IdentityDeps,
  username: string,
): Promise<PresentableUser> {
  const user = await models.User.findOne(
    { username_lower: username.toLowerCase(), deleted_at: null },
    USER_FIELDS,
  ).lean();
  if (!user) throw notFound(AuthMessages.userNotFound);
  return user;
}
