import { Schema, type Connection, type Model, type Types } from 'mongoose';

export interface PostSaveDoc {
  _id: Types.ObjectId;
  post_id: Types.ObjectId;
  user_id: Types.ObjectId;
  created_at: Date;
}
export type PostSaveModel = Model<PostSaveDoc>;

const postSaveSchema = new Schema<PostSaveDoc>(
  {
    post_id: { type: Schema.Types.ObjectId, required: true },
    user_id: { type: Schema.Types.ObjectId, required: true },
    created_at: { type: Date, required: true },
  },
  { collection: 'post_saves', versionKey: false },
);
postSaveSchema.index({ user_id: 1, post_id: 1 }, { unique: true });
// GET /posts/saved/my: newest save first.
postSaveSchema.index({ user_id: 1, created_at: -1, _id: -1 });
postSaveSchema.index({ post_id: 1 });

export const definePostSaveModel = (conn: Connection): PostSaveModel =>
  (conn.models.PostSave as PostSaveModel | undefined) ??
  conn.model<PostSaveDoc>('PostSave', postSaveSchema);
