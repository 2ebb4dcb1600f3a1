import { Schema, type Connection, type Model, type Types } from 'mongoose';

export interface PostSubscriptionDoc {
  _id: Types.ObjectId;
  post_id: Types.ObjectId;
  user_id: Types.ObjectId;
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
// Post first: serves the status check and "the post's subscribers" (comment notifications).
postSubscriptionSchema.index({ post_id: 1, user_id: 1 }, { unique: true });

export const definePostSubscriptionModel = (conn: Connection): PostSubscriptionModel =>
  (conn.models.PostSubscription as PostSubscriptionModel | undefined) ??
  conn.model<PostSubscriptionDoc>('PostSubscription', postSubscriptionSchema);
