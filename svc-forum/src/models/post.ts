import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { POST_TYPES, type PostType } from '@forum/contracts';

export interface PostDoc {
  _id: Types.ObjectId;
  title: string;
  content: string;
  type: PostType;
  image_url: string | null;
  community_id: Types.ObjectId;
  community_name: string;
  author_id: Types.ObjectId;
  author_username: string;
  score: number;
  upvotes: number;
  downvotes: number;
  comment_count: number;
  hot: number;
  created_at: Date;
  updated_at: Date;
}
export type PostModel = Model<PostDoc>;

const postSchema = new Schema<PostDoc>(
  {
    title: { type: String, required: true, maxlength: 300 },
    content: { type: String, default: '' },
    type: { type: String, enum: POST_TYPES, required: true, default: 'text' },
    image_url: { type: String, default: null },
    community_id: { type: Schema.Types.ObjectId, required: true },
    // Copied at write time: community names and usernames never change.
    community_name: { type: String, required: true },
    author_id: { type: Schema.Types.ObjectId, required: true },
    author_username: { type: String, required: true },
    score: { type: Number, default: 0 },
    upvotes: { type: Number, default: 0 },
    downvotes: { type: Number, default: 0 },
    comment_count: { type: Number, default: 0 },
    /** hotScore(score, created_at), kept current on each vote (ARCHITECTURE §8). */
    hot: { type: Number, required: true },
  },
  { collection: 'posts', timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' } },
);

// One index per list: (filter,) sort key, then _id as the tie-breaker that keeps pages stable.
const filters: Record<string, 1>[] = [{}, { community_id: 1 }, { author_id: 1 }];
for (const filter of filters) {
  postSchema.index({ ...filter, created_at: -1, _id: -1 });
  postSchema.index({ ...filter, score: -1, _id: -1 });
  postSchema.index({ ...filter, hot: -1, _id: -1 });
}

export const definePostModel = (conn: Connection): PostModel =>
  // Reuse the compiled model: mongoose refuses to compile one twice per connection.
  (conn.models.Post as PostModel | undefined) ?? conn.model<PostDoc>('Post', postSchema);
