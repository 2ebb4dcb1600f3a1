import { AuthMessages } from '@forum/contracts';
import { notFound } from '@forum/service-kit';
import type { IdentityDeps } from '../deps.js';
import { USER_FIELDS, type PresentableUser } from '../presenters/user.js';

export async function getPublicProfile(
  { models }: IdentityDeps,
  username: string,
): Promise<PresentableUser> {
  const user = await models.User.findOne(
    { username_lower: username.toLowerCase() },
    USER_FIELDS,
  ).lean();
  if (!user) throw notFound(AuthMessages.userNotFound);
  return user;
}
