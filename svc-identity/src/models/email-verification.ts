import { Schema, type Connection, type Model, type Types } from 'mongoose';

/**
 * One mailed verification link (EXTENSIONS §B2). Only the token's hash is stored; the link is
 * bound to the address it was mailed to, so it cannot verify an address the user has since left.
 */
export interface EmailVerificationDoc {
  _id: Types.ObjectId;
  user_id: Types.ObjectId;
  /** The lower-cased address the link went to. */
  email_lower: string;
  token_hash: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: Date;
}
export type EmailVerificationModel = Model<EmailVerificationDoc>;

const schema = new Schema<EmailVerificationDoc>(
  {
    user_id: { type: Schema.Types.ObjectId, required: true },
    email_lower: { type: String, required: true },
    token_hash: { type: String, required: true },
    expires_at: { type: Date, required: true },
    used_at: { type: Date, default: null },
  },
  { collection: 'email_verifications', timestamps: { createdAt: 'created_at', updatedAt: false } },
);
// The link's lookup (and the shard key); the user's older links are voided by user_id.
schema.index({ token_hash: 1 }, { unique: true });
schema.index({ user_id: 1 });
schema.index({ expires_at: 1 }, { expireAfterSeconds: 0 });

export const defineEmailVerificationModel = (conn: Connection): EmailVerificationModel =>
  (conn.models.EmailVerification as EmailVerificationModel | undefined) ??
  conn.model<EmailVerificationDoc>('EmailVerification', schema);
