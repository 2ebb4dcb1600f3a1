import type { Types } from 'mongoose';
import type { ForumModels } from '../../models/index.js';

export interface NamedUser {
  _id: Types.ObjectId;
  username: string;
}

/** A user by username in any case, through the user directory (null when unknown). */
export const findUserByName = ({ DirectoryUser }: ForumModels, username: string) =>
  DirectoryUser.findOne(
    { username_lower: username.toLowerCase() },
    { _id: 1, username: 1 },
  ).lean<NamedUser>();
