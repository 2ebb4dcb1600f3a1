import { Schema, type Connection, type Model, type Types } from 'mongoose';

export interface PasswordResetDoc {
  _id: Types.ObjectId;
  user_id: Types.ObjectId;
  token_hash: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: Date;
}
export type PasswordResetModel = Model<PasswordResetDoc>;

const schema = new Schema<PasswordResetDoc>(
  {
    user_id: { type: Schema.Types.ObjectId, required: true },
    token_hash: { type: String, required: true },
    expires_at: { type: Date, required: true },
    used_at: { type: Date, default: null },
  },
  { collection: 'password_resets', timestamps: { createdAt: 'created_at', updatedAt: false } },
);
schema.index({ token_hash: 1 }, { unique: true });
schema.index({ user_id: 1 });
schema.index({ expires_at: 1 }, { expireAfterSeconds: 0 });

export const definePasswordResetModel = (conn: Connection): PasswordResetModel =>
  (conn.models.PasswordReset as PasswordResetModel | undefined) ??
  conn.model<PasswordResetDoc>('PasswordReset', schema);
