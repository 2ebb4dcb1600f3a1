import { Schema, type Connection, type Model, type Types } from 'mongoose';

export interface CommentSaveDoc {
  _id: Types.ObjectId;
  comment_id: Types.ObjectId;
  /** The comment's post, for the post/community delete cascade. */
  post_id: Types.ObjectId;
  user_id: Types.ObjectId;
  created_at: Date;
}
export type CommentSaveModel = Model<CommentSaveDoc>;

const commentSaveSchema = new Schema<CommentSaveDoc>(
  {
    comment_id: { type: Schema.Types.ObjectId, required: true },
    post_id: { type: Schema.Types.ObjectId, required: true },
    user_id: { type: Schema.Types.ObjectId, required: true },
    created_at: { type: Date, required: true },
  },
  { collection: 'comment_saves', versionKey: false },
);
commentSaveSchema.index({ user_id: 1, comment_id: 1 }, { unique: true });
// GET /comments/saved/my: newest save first.
commentSaveSchema.index({ user_id: 1, created_at: -1, _id: -1 });
commentSaveSchema.index({ comment_id: 1 });
commentSaveSchema.index({ post_id: 1 });

export const defineCommentSaveModel = (conn: Connection): CommentSaveModel =>
  (conn.models.CommentSave as CommentSaveModel | undefined) ??
  conn.model<CommentSaveDoc>('CommentSave', commentSaveSchema);
