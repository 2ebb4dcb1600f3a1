import type { Post } from '@forum/contracts';
import type { PostDoc } from '../models/post.js';

/** Lean post document -> the Post of the contract (spec §3 field names). */
export function presentPost(doc: PostDoc): Post {
  return {
    id: doc._id.toHexString(),
    title: doc.title,
    content: doc.content ?? '',
    type: doc.type,
    image_url: doc.image_url ?? null,
    community_id: doc.community_id.toHexString(),
    community_name: doc.community_name,
    author_id: doc.author_id.toHexString(),
    author_username: doc.author_username,
    created_at: doc.created_at.toISOString(),
    score: doc.score ?? 0,
    upvotes: doc.upvotes ?? 0,
    downvotes: doc.downvotes ?? 0,
    comment_count: doc.comment_count ?? 0,
  };
}
