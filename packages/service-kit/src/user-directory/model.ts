import { Schema, type Connection, type Model, type SchemaDefinition, type Types } from 'mongoose';

/** The collection both replicas have always used; keep it so existing data stays readable. */
export const DIRECTORY_USERS_COLLECTION = 'directory_users';

/**
 * The shard key of directory_users (docs/PRODUCTION.md): every write names the user id (upserts
 * from identity's events and the forum's first-request record) and so does the is-active check
 * behind every request, so each goes to one shard; hashed, because ObjectIds grow and a ranged
 * key would send every new user to the last chunk. Lookups by username read every shard. A
 * hashed key allows no unique index besides _id: usernames are unique in identity (its
 * user_keys claims), and the replica only copies them.
 */
export const DIRECTORY_USERS_SHARD_KEY = { _id: 'hashed' } as const;

/**
 * A service's replica of identity's users (ARCHITECTURE §2), fed by identity.user.* events:
 * resolves usernames and carries avatars without calling identity.
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
  /**
   * Set when identity deleted the account (identity.user.deleted, EXTENSIONS §B2): forum's profile
   * lists answer 'User not found' and messaging refuses messages to it. Absent or null otherwise.
   */
  deleted_at?: Date | null;
  registered_at: Date;
  updated_at: Date;
}
export type DirectoryUserModel<TExtra extends object = object> = Model<DirectoryUserDoc & TExtra>;

export interface DirectoryUserModelOptions {
  /** Fields a service keeps on top of the shared ones (mongoose schema definition). */
  extraFields?: SchemaDefinition;
  /** Default `directory_users`. */
  collection?: string;
  /** Default `DirectoryUser`. */
  modelName?: string;
}

/**
 * The user directory model on `conn`: the shared fields (a lookup index on `username_lower`, not
 * unique: see DIRECTORY_USERS_SHARD_KEY; ensureIndexes replaces the unique index of earlier
 * versions) plus `extraFields`. Reuses the compiled model, since mongoose refuses to compile one
 * twice per connection.
 */
export function defineDirectoryUserModel<TExtra extends object = object>(
  conn: Connection,
  {
    extraFields = {},
    collection = DIRECTORY_USERS_COLLECTION,
    modelName = 'DirectoryUser',
  }: DirectoryUserModelOptions = {},
): DirectoryUserModel<TExtra> {
  const existing = conn.models[modelName] as DirectoryUserModel<TExtra> | undefined;
  if (existing) return existing;
  const schema = new Schema<DirectoryUserDoc & TExtra>(
    {
      _id: { type: Schema.Types.ObjectId, required: true },
      username: { type: String, required: true },
      username_lower: { type: String, required: true },
      avatar_url: { type: String, default: null },
      is_active: { type: Boolean, default: true },
      deleted_at: { type: Date, default: null },
      registered_at: { type: Date, required: true },
      updated_at: { type: Date, required: true },
      ...extraFields,
    },
    { collection, versionKey: false },
  );
  schema.index({ username_lower: 1 });
  return conn.model<DirectoryUserDoc & TExtra>(modelName, schema);
}
