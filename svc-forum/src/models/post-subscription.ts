import { Schema, type Connection, type Model, type Types } from 'mongoose';

export interface PostSubscriptionDoc {
  _id: Types.ObjectId;
  post_id: Types.ObjectId;
  user_id: Types.ObjectId;
  /** When the user subscribed: a comment notifies the subscribers of its own time. */
  created_at: Date;
}
export type PostSubscriptionModel = Model<PostSubscriptionDoc>;

const postSubscriptionSchema = new Schema<PostSubscriptionDoc>(
  {
    post_id: { type: Schema.Types.ObjectId, required: true },
    user_id: { type: Schema.Types.ObjectId, required: true },
    created_at: { type: Date, required: true },
  },
  { collection: 'post_subscriptions', versionKey: false },
);
// The status check and subscribe/unsubscribe. Post first: it is also the shard key's prefix.
postSubscriptionSchema.index({ post_id: 1, user_id: 1 }, { unique: true });
// The comment fan-out: the post's subscribers as of the comment's time, read in order.
postSubscriptionSchema.index({ post_id: 1, created_at: 1, _id: 1 });
// A user's subscriptions: the account export (newest first) and an account deletion's removal.
postSubscriptionSchema.index({ user_id: 1, created_at: -1, _id: -1 });

export const definePostSubscriptionModel = (conn: Connection): PostSubscriptionModel =>
  (conn.models.PostSubscription as PostSubscriptionModel | undefined) ??
  conn.model<PostSubscriptionDoc>('PostSubscription', postSubscriptionSchema);
