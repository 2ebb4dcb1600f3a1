import type { AdminUser, PublicUser, User } from '@forum/contracts';
import type { UserDoc } from '../models/user.js';

/** Fields read for any user presentation; never the hash or the tokens. */
export const USER_FIELDS = {
  username: 1,
  email: 1,
  avatar_url: 1,
  total_score: 1,
  is_active: 1,
  email_verified: 1,
  last_active: 1,
  created_at: 1,
} as const;

export type PresentableUser = Pick<
  UserDoc,
  | '_id'
  | 'username'
  | 'email'
  | 'avatar_url'
  | 'total_score'
  | 'is_active'
  | 'email_verified'
  | 'last_active'
  | 'created_at'
>;

/** Anyone may see this: no email. */
export const presentPublicUser = (doc: PresentableUser): PublicUser => ({
  id: doc._id.toHexString(),
  username: doc.username,
  avatar_url: doc.avatar_url ?? null,
  created_at: doc.created_at.toISOString(),
  total_score: doc.total_score ?? 0,
});

/** The signed-in user about themself: their own email and whether it is verified. */
export const presentOwnUser = (doc: PresentableUser): User => ({
  ...presentPublicUser(doc),
  email: doc.email,
  email_verified: doc.email_verified ?? false,
});

export const presentAdminUser = (doc: PresentableUser): AdminUser => ({
  ...presentOwnUser(doc),
  email: doc.email,
  is_active: doc.is_active,
  email_verified: doc.email_verified ?? false,
  last_active: doc.last_active ? doc.last_active.toISOString() : null,
});
