import type { AuthUser } from '@forum/service-kit';
import { toObjectId } from '@forum/service-kit';
import type { Types } from 'mongoose';

/** The account identity.user.deleted names, as the author the reused deletes act for. */
export interface DeletedUser {
  _id: Types.ObjectId;
  /** The author itself: "deleted as if by the author" runs the author's own delete. */
  asAuthor: AuthUser;
}

export const deletedUser = (userId: string, username: string): DeletedUser => ({
  _id: toObjectId(userId),
  asAuthor: { id: userId, username, isAdmin: false },
});
