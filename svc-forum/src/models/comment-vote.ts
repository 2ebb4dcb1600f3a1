import { Schema, type Connection, type Model, type Types } from 'mongoose';

export interface CommentVoteDoc {
  _id: Types.ObjectId;
  comment_id: Types.ObjectId;
  /** The comment's post, so deleting a post or community drops its comment votes by index. */
  post_id: Types.ObjectId;
  user_id: Types.ObjectId;
  vote_type: 1 | -1;
  created_at: Date;
}
export type CommentVoteModel = Model<CommentVoteDoc>;

const commentVoteSchema = new Schema<CommentVoteDoc>(
  {
    comment_id: { type: Schema.Types.ObjectId, required: true },
    post_id: { type: Schema.Types.ObjectId, required: true },
    user_id: { type: Schema.Types.ObjectId, required: true },
    vote_type: { type: Number, enum: [1, -1], required: true },
    created_at: { type: Date, required: true },
  },
  { collection: 'comment_votes', versionKey: false },
);
// One vote per (user, comment); also serves the caller's votes on a page ($in on comment_id).
commentVoteSchema.index({ user_id: 1, comment_id: 1 }, { unique: true });
commentVoteSchema.index({ comment_id: 1 });
commentVoteSchema.index({ post_id: 1 });

export const defineCommentVoteModel = (conn: Connection): CommentVoteModel =>
  (conn.models.CommentVote as CommentVoteModel | undefined) ??
  conn.model<CommentVoteDoc>('CommentVote', commentVoteSchema);
