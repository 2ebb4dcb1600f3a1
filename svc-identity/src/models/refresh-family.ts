import { Schema, type Connection, type Model, type Types } from 'mongoose';

/**
 * One sign-in session. Only the current refresh token's hash can rotate it; the hashes it replaced
 * are kept (the last USED_HASHES_KEPT) so that replaying one is recognised and revokes the family.
 */
export interface RefreshFamilyDoc {
  _id: Types.ObjectId;
  user_id: Types.ObjectId;
  current_hash: string;
  used_hashes: string[];
  remember: boolean;
  /** Absolute end of the session (REFRESH_TTL or REFRESH_TTL_REMEMBER after sign-in). */
  expires_at: Date;
  revoked_at: Date | null;
  revoke_reason: string | null;
  created_at: Date;
  rotated_at: Date | null;
}
export type RefreshFamilyModel = Model<RefreshFamilyDoc>;

export const USED_HASHES_KEPT = 100;

const schema = new Schema<RefreshFamilyDoc>(
  {
    user_id: { type: Schema.Types.ObjectId, required: true },
    current_hash: { type: String, required: true },
    used_hashes: { type: [String], default: [] },
    remember: { type: Boolean, required: true },
    expires_at: { type: Date, required: true },
    revoked_at: { type: Date, default: null },
    revoke_reason: { type: String, default: null },
    rotated_at: { type: Date, default: null },
  },
  {
    collection: 'refresh_token_families',
    timestamps: { createdAt: 'created_at', updatedAt: false },
  },
);
// Refresh tokens name their family (`<family id>.<secret>`), the shard key: rotation and reuse
// checks read one document by _id. These two only find the families of tokens issued before
// (by hash); such tokens are gone REFRESH_TTL_REMEMBER after the upgrade.
schema.index({ current_hash: 1 });
schema.index({ used_hashes: 1 });
schema.index({ user_id: 1 });
// Expired sessions disappear by themselves.
schema.index({ expires_at: 1 }, { expireAfterSeconds: 0 });

export const defineRefreshFamilyModel = (conn: Connection): RefreshFamilyModel =>
  (conn.models.RefreshFamily as RefreshFamilyModel | undefined) ??
  conn.model<RefreshFamilyDoc>('RefreshFamily', schema);
