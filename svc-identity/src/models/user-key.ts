import { Schema, type Connection, type Model, type Types } from 'mongoose';

/** The values that name one account only. */
export const USER_KEY_KINDS = ['username', 'email', 'referral'] as const;
export type UserKeyKind = (typeof USER_KEY_KINDS)[number];

/**
 * One claimed unique value of a user: `_id` is `<kind>:<value>` (lower-cased username and email,
 * the referral code as issued). The users collection cannot keep three unique indexes once it is
 * sharded (each would have to start with the shard key), so uniqueness lives here, in `_id`, the
 * shard key of this collection; the claims are written in the transaction that creates the user.
 */
export interface UserKeyDoc {
  _id: string;
  user_id: Types.ObjectId;
}
export type UserKeyModel = Model<UserKeyDoc>;

export const userKey = (kind: UserKeyKind, value: string) => `${kind}:${value}`;

/** Which kind of value a duplicate-key error on a claim was about. */
export function claimedKind(err: unknown): UserKeyKind | undefined {
  const id = (err as { keyValue?: { _id?: unknown } }).keyValue?._id;
  const kind = typeof id === 'string' ? id.slice(0, id.indexOf(':')) : undefined;
  return USER_KEY_KINDS.find((k) => k === kind);
}

const schema = new Schema<UserKeyDoc>(
  {
    _id: { type: String, required: true },
    user_id: { type: Schema.Types.ObjectId, required: true },
  },
  { collection: 'user_keys', versionKey: false },
);

export const defineUserKeyModel = (conn: Connection): UserKeyModel =>
  (conn.models.UserKey as UserKeyModel | undefined) ?? conn.model<UserKeyDoc>('UserKey', schema);
