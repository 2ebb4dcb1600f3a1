import type { Connection } from 'mongoose';
import { defineDirectoryUserModel, type DirectoryUserModel } from '@forum/service-kit';

/** What messaging keeps on top of service-kit's directory replica. */
export interface MessagingDirectoryExtra {
  /**
   * When identity deleted the account (identity.user.deleted); absent or null otherwise. Nobody
   * may start a conversation with, or write to, a deleted account.
   */
  deleted_at?: Date | null;
}
export type MessagingDirectoryUserModel = DirectoryUserModel<MessagingDirectoryExtra>;

/** The user directory replica (service-kit), with messaging's deleted_at. */
export const defineMessagingDirectoryUserModel = (conn: Connection): MessagingDirectoryUserModel =>
  defineDirectoryUserModel<MessagingDirectoryExtra>(conn, {
    extraFields: { deleted_at: { type: Date, default: null } },
  });
