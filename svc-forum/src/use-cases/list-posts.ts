import { Types } from 'mongoose';
import type { ListPostsQuery, PostSort } from '@forum/contracts';
import type { ForumModels } from '../models/index.js';
import type { PostDoc } from '../models/post.js';

export interface PostPage {
  posts: PostDoc[];
  total: number;
  hasMore: boolean;
}

/** Each sort matches an index declared on the Post model. */
const SORTS: Record<PostSort, Record<string, 1 | -1>> = {
  new: { created_at: -1, _id: -1 },
  top: { score: -1, _id: -1 },
  hot: { hot: -1, _id: -1 },
};

export async function listPosts({ Post }: ForumModels, query: ListPostsQuery): Promise<PostPage> {
  const filter: { community_id?: Types.ObjectId; author_id?: Types.ObjectId } = {};
  if (query.community_id) filter.community_id = new Types.ObjectId(query.community_id);
  if (query.author_id) filter.author_id = new Types.ObjectId(query.author_id);
  const [posts, total] = await Promise.all([
    Post.find(filter)
      .sort(SORTS[query.sort])
      .skip(query.offset)
      .limit(query.limit)
      .lean<PostDoc[]>(),
    Post.countDocuments(filter),
  ]);
  return { posts, total, hasMore: query.offset + posts.length < total };
}
