import { Schema, type Connection, type Model, type Types } from 'mongoose';

export interface PostVoteDoc {
  _id: Types.ObjectId;
  post_id: Types.ObjectId;
  user_id: Types.ObjectId;
  vote_type: 1 | -1;
  created_at: Date;
}
export type PostVoteModel = Model<PostVoteDoc>;

const postVoteSchema = new Schema<PostVoteDoc>(
  {
    post_id: { type: Schema.Types.ObjectId, required: true },
    user_id: { type: Schema.Types.ObjectId, required: true },
    vote_type: { type: Number, enum: [1, -1], required: true },
    created_at: { type: Date, required: true },
  },
  { collection: 'post_votes', versionKey: false },
);
// One vote per (user, post); also serves "the caller's votes on this page" ($in on post_id).
postVoteSchema.index({ user_id: 1, post_id: 1 }, { unique: true });
// Cascade on post delete.
postVoteSchema.index({ post_id: 1 });

export const definePostVoteModel = (conn: Connection): PostVoteModel =>
  (conn.models.PostVote as PostVoteModel | undefined) ??
  conn.model<PostVoteDoc>('PostVote', postVoteSchema);
