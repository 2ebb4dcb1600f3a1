import { Types } from 'mongoose';
import { AuthMessages } from '@forum/contracts';
import { notFound } from '@forum/service-kit';
import type { IdentityDeps } from '../deps.js';
import { USER_FIELDS, type PresentableUser } from '../presenters/user.js';

export async function getCurrentUser(
  { models }: IdentityDeps,
  userId: string,
): Promise<PresentableUser> {
  const user = await models.User.findById(new Types.ObjectId(userId), USER_FIELDS).lean();
  if (!user) throw notFound(AuthMessages.userNotFound);
  return user;
}
