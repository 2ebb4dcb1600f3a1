import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { REACTION_TYPES, type ReactionType } from '@forum/contracts';

export interface PostReactionDoc {
  _id: Types.ObjectId;
  post_id: Types.ObjectId;
  user_id: Types.ObjectId;
  reaction_type: ReactionType;
  created_at: Date;
}
export type PostReactionModel = Model<PostReactionDoc>;

const postReactionSchema = new Schema<PostReactionDoc>(
  {
    post_id: { type: Schema.Types.ObjectId, required: true },
    user_id: { type: Schema.Types.ObjectId, required: true },
    reaction_type: { type: String, enum: REACTION_TYPES, required: true },
    created_at: { type: Date, required: true },
  },
  { collection: 'post_reactions', versionKey: false },
);
// One reaction per (user, post); serves the page's caller state too.
postReactionSchema.index({ user_id: 1, post_id: 1 }, { unique: true });
postReactionSchema.index({ post_id: 1 });

export const definePostReactionModel = (conn: Connection): PostReactionModel =>
  (conn.models.PostReaction as PostReactionModel | undefined) ??
  conn.model<PostReactionDoc>('PostReaction', postReactionSchema);
