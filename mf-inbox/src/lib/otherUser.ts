/**
 * The contracts' DELETED_AUTHOR, copied, not imported: the contracts' module brings zod into the
 * inbox's first load (otherUser.test.ts keeps the two equal).
 */
export const DELETED_AUTHOR = '[deleted]';

/** The other participant as shown: u/name, or `[deleted]` once their account is deleted. */
export const otherUserLabel = (username: string) =>
  username === DELETED_AUTHOR ? DELETED_AUTHOR : `u/${username}`;

/** A deleted account can be neither blocked nor written to. */
export const isDeletedUser = (username: string) => username === DELETED_AUTHOR;
