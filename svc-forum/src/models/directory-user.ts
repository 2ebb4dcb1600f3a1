import type { Connection } from 'mongoose';
import { defineDirectoryUserModel, type DirectoryUserModel } from '@forum/service-kit';

/** What forum keeps on its user directory replica besides service-kit's shared fields. */
export interface ForumDirectoryExtras {
  /**
   * Set by identity.user.deleted: the profile lists answer 'User not found' (the username stays
   * reserved at identity; the posts and comments left behind show '[deleted]').
   */
  deleted_at?: Date | null;
}
export type ForumDirectoryUserModel = DirectoryUserModel<ForumDirectoryExtras>;

export const defineForumDirectoryUserModel = (conn: Connection): ForumDirectoryUserModel =>
  defineDirectoryUserModel<ForumDirectoryExtras>(conn, {
    extraFields: { deleted_at: { type: Date, default: null } },
  });
