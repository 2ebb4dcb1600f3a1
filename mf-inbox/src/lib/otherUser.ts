import { DELETED_AUTHOR } from '@forum/contracts';

/** The other participant as shown: u/name, or `[deleted]` once their account is deleted. */
export const otherUserLabel = (username: string) =>
  username === DELETED_AUTHOR ? DELETED_AUTHOR : `u/${username}`;

/** A deleted account can be neither blocked nor written to. */
export const isDeletedUser = (username: string) => username === DELETED_AUTHOR;
