import { Types } from 'mongoose';
import type { CommentDoc } from '../models/comment.js';

/** A stored comment with every field a presenter may read, by `author` in `community`. */
export const storedComment = (
  author: Types.ObjectId,
  community: Types.ObjectId,
  extra: Partial<CommentDoc> = {},
): CommentDoc => ({
  _id: new Types.ObjectId(),
  content: 'Some text',
  post_id: new Types.ObjectId(),
  parent_id: new Types.ObjectId(),
  container_id: new Types.ObjectId(),
  root_id: new Types.ObjectId(),
  depth: 2,
  author_id: author,
  author_username: 'someone',
  community_id: community,
  community_name: 'somewhere',
  community_nsfw: true,
  score: 3,
  upvotes: 5,
  downvotes: 2,
  best: 0.4,
  reply_count: 1,
  is_deleted: false,
  created_at: new Date('2026-01-01T00:00:00Z'),
  updated_at: new Date('2026-01-02T00:00:00Z'),
  removed: false,
  removal_reason: null,
  removal_modlog_id: null,
  ...extra,
});
