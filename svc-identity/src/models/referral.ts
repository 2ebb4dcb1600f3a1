import { Schema, type Connection, type Model, type Types } from 'mongoose';

/** A completed referral: the referred user registered with the referrer's code. */
export interface ReferralDoc {
  _id: Types.ObjectId;
  referrer_id: Types.ObjectId;
  referred_id: Types.ObjectId;
  created_at: Date;
}
export type ReferralModel = Model<ReferralDoc>;

const schema = new Schema<ReferralDoc>(
  {
    referrer_id: { type: Schema.Types.ObjectId, required: true },
    referred_id: { type: Schema.Types.ObjectId, required: true },
  },
  { collection: 'referrals', timestamps: { createdAt: 'created_at', updatedAt: false } },
);
// A user is referred at most once; the referrer's count is an index lookup, and the referrer's
// list (the data export) walks the same index in order.
schema.index({ referred_id: 1 }, { unique: true });
schema.index({ referrer_id: 1, created_at: 1, _id: 1 });

export const defineReferralModel = (conn: Connection): ReferralModel =>
  (conn.models.Referral as ReferralModel | undefined) ??
  conn.model<ReferralDoc>('Referral', schema);
