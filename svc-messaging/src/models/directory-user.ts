import { Schema, type Connection, type Model, type Types } from 'mongoose';

/**
 * Messaging's replica of identity's users (ARCHITECTURE §2): enough to address a conversation
 * by username and show avatars, fed by identity.user.* events.
 */
export interface DirectoryUserDoc {
  /** The identity user id. */
  _id: Types.ObjectId;
  username: string;
  username_lower: string;
  avatar_url: string | null;
  /**
   * False once identity deactivates the account (identity.user.updated): the auth check then
   * refuses the rest of its access token. Documents written before the field existed lack it;
   * a missing value counts as active.
   */
  is_active: boolean;
  registered_at: Date;
  updated_at: Date;
}
export type DirectoryUserModel = Model<DirectoryUserDoc>;

const directoryUserSchema = new Schema<DirectoryUserDoc>(
  {
    _id: { type: Schema.Types.ObjectId, required: true },
    username: { type: String, required: true },
    username_lower: { type: String, required: true },
    avatar_url: { type: String, default: null },
    is_active: { type: Boolean, default: true },
    registered_at: { type: Date, required: true },
    updated_at: { type: Date, required: true },
  },
  { collection: 'directory_users', versionKey: false },
);
directoryUserSchema.index({ username_lower: 1 }, { unique: true });

export const defineDirectoryUserModel = (conn: Connection): DirectoryUserModel =>
  // Reuse the compiled model: mongoose refuses to compile one twice per connection.
  (conn.models.DirectoryUser as DirectoryUserModel | undefined) ??
  conn.model<DirectoryUserDoc>('DirectoryUser', directoryUserSchema);
